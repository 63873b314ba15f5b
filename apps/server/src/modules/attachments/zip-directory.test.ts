import { inflateRawSync } from 'node:zlib';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { readZipDirectory, type ZipLimits } from './zip-directory';

const LIMITS: ZipLimits = {
  entries: 10,
  totalBytes: 1_000_000,
  xmlBytes: 100_000,
  ratio: 100,
  ratioFromBytes: 10_000,
};

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The offsets of the central records, in order. */
function centralRecords(zip: Buffer): number[] {
  const end = zip.length - 22;
  const records: number[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    records.push(at);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return records;
}

/** The zip with the uncompressed size its central directory declares for entry `index`. */
function declaring(zip: Buffer, index: number, size: number): Buffer {
  const copy = Buffer.from(zip);
  copy.writeUInt32LE(size, centralRecords(copy)[index]! + 24);
  return copy;
}

const read = (bytes: Buffer, limits: Partial<ZipLimits> = {}) =>
  readZipDirectory({ bytes, limits: { ...LIMITS, ...limits } });

describe('readZipDirectory', () => {
  it('lists the entries with their sizes and where their data starts', async () => {
    const text = 'Umowa najmu lokalu. '.repeat(200);
    const zip = await zipOf({ 'word/document.xml': text, 'notes.txt': 'krótka notatka' });
    const result = read(zip);
    if (!('entries' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
    expect(result.entries.map(({ name, method, size }) => ({ name, method, size }))).toEqual([
      { name: 'word/document.xml', method: 8, size: Buffer.byteLength(text) },
      { name: 'notes.txt', method: 8, size: Buffer.byteLength('krótka notatka') },
    ]);
    const [document] = result.entries;
    const data = zip.subarray(
      document!.dataOffset,
      document!.dataOffset + document!.compressedSize,
    );
    expect(inflateRawSync(data).toString()).toBe(text);
  });

  it('refuses what declares too many entries or too much once inflated', async () => {
    const many = await zipOf(
      Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`${i}`, 'x'])),
    );
    expect(read(many)).toEqual({ refused: 'too_large', limit: 'entries' });
    // A zip64 count: 65,535 entries or more.
    const saturated = Buffer.from(many);
    saturated.writeUInt16LE(0xffff, saturated.length - 22 + 10);
    expect(read(saturated)).toEqual({ refused: 'too_large', limit: 'entries' });

    const zip = await zipOf({ 'word/document.xml': 'a'.repeat(5_000), 'media/image.bin': 'b' });
    expect(read(declaring(zip, 1, 2_000_000))).toEqual({
      refused: 'too_large',
      limit: 'inflated size',
    });
    expect(read(declaring(zip, 0, 200_000), { ratio: 1e9 })).toEqual({
      refused: 'too_large',
      limit: 'xml size',
    });
    // The same size in a part the Word parser does not read passes, unless it compresses
    // absurdly well.
    expect(read(declaring(zip, 1, 200_000), { ratio: 1e9 })).toHaveProperty('entries');
    expect(read(declaring(zip, 1, 200_000))).toEqual({
      refused: 'too_large',
      limit: 'compression ratio',
    });
  });

  it('reads sizes a zip64 extra field carries', async () => {
    const zip = await zipOf({ 'a.txt': 'first', 'word/document.xml': 'x'.repeat(300) });
    const last = centralRecords(zip)[1]!;
    const nameEnd = last + 46 + zip.readUInt16LE(last + 28);
    const extra = Buffer.alloc(4 + 16);
    extra.writeUInt16LE(0x0001, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(zip.readUInt32LE(last + 24)), 4);
    extra.writeBigUInt64LE(BigInt(zip.readUInt32LE(last + 20)), 12);
    const patched = Buffer.concat([zip.subarray(0, nameEnd), extra, zip.subarray(nameEnd)]);
    patched.writeUInt32LE(0xffffffff, last + 20);
    patched.writeUInt32LE(0xffffffff, last + 24);
    patched.writeUInt16LE(extra.length, last + 30);
    const end = patched.length - 22;
    patched.writeUInt32LE(patched.readUInt32LE(end + 12) + extra.length, end + 12);

    const result = read(patched);
    if (!('entries' in result)) throw new Error(`refused: ${JSON.stringify(result)}`);
    expect(result.entries[1]).toMatchObject({ name: 'word/document.xml', size: 300 });
    expect(read(patched, { xmlBytes: 299 })).toEqual({ refused: 'too_large', limit: 'xml size' });
    // Saturated without a zip64 field: the sizes are unknown.
    patched.writeUInt16LE(0x9999, nameEnd);
    expect(read(patched)).toEqual({ refused: 'unreadable' });
  });

  it('finds nothing readable in a damaged or cut zip', async () => {
    const zip = await zipOf({ 'word/document.xml': 'tekst' });
    expect(read(Buffer.from('PK\u0003\u0004 not really a zip'))).toEqual({ refused: 'unreadable' });
    expect(read(zip.subarray(0, zip.length - 30))).toEqual({ refused: 'unreadable' });
    const badOffset = Buffer.from(zip);
    badOffset.writeUInt32LE(zip.length, centralRecords(zip)[0]! + 42);
    expect(read(badOffset)).toEqual({ refused: 'unreadable' });
    const badSize = Buffer.from(zip);
    badSize.writeUInt32LE(zip.length, centralRecords(zip)[0]! + 20);
    expect(read(badSize)).toEqual({ refused: 'unreadable' });
  });
});
