/**
 * Just enough POSIX tar for backups: ustar headers, with a pax `path` record for a path too
 * long for them. Only regular files and folders exist here; the reader refuses every other
 * kind of entry (links, devices) rather than skipping it.
 */

const BLOCK = 512;
const NAME_BYTES = 100;
const PREFIX_BYTES = 155;
/** What an 11-digit octal size field holds. */
const MAX_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  /** Relative and '/'-separated, as written in the archive, without a trailing slash. */
  path: string;
  type: 'file' | 'directory';
  /** A file's bytes; empty for a folder. */
  data: Buffer;
}

export class TarFormatError extends Error {
  override name = 'TarFormatError';
}

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');
const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;
const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

function headerBlock(fields: {
  name: string;
  prefix: string;
  type: string;
  size: number;
  mode: number;
  mtime: Date;
}): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(fields.name, 0, NAME_BYTES);
  block.write(octal(fields.mode, 8), 100);
  block.write(octal(0, 8), 108);
  block.write(octal(0, 8), 116);
  block.write(octal(fields.size, 12), 124);
  block.write(octal(Math.floor(fields.mtime.getTime() / 1000), 12), 136);
  block.write(fields.type, 156);
  block.write('ustar\u000000', 257);
  block.write(fields.prefix, 345, PREFIX_BYTES);
  block.write(`${octal(checksum(block), 7)} `, 148);
  return block;
}

/** The header's byte sum, its own checksum field counted as spaces. */
function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

/** Splits a path into ustar's prefix and name fields, if it fits them. */
function ustarFields(path: string): { name: string; prefix: string } | undefined {
  if (bytesOf(path) <= NAME_BYTES) return { name: path, prefix: '' };
  for (let cut = path.indexOf('/'); cut > 0; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (bytesOf(prefix) <= PREFIX_BYTES && bytesOf(name) <= NAME_BYTES) return { name, prefix };
  }
  return undefined;
}

/** A pax record, "<length> path=<value>\n", its length counting its own digits. */
function paxPathRecord(path: string): Buffer {
  const body = ` path=${path}\n`;
  let length = bytesOf(body) + 1;
  while (String(length).length + bytesOf(body) !== length) length++;
  return Buffer.from(`${length}${body}`, 'utf8');
}

/** The blocks of one entry: header(s), then its bytes padded to a whole block. */
export function* tarEntryBlocks(entry: TarEntry, mtime: Date): Generator<Buffer> {
  const path = entry.type === 'directory' ? `${entry.path}/` : entry.path;
  const size = entry.type === 'file' ? entry.data.length : 0;
  if (size > MAX_SIZE) throw new TarFormatError(`${entry.path} is too large for the archive`);
  let fields = ustarFields(path);
  if (!fields) {
    const record = paxPathRecord(path);
    yield headerBlock({
      name: 'PaxHeader',
      prefix: '',
      type: 'x',
      size: record.length,
      mode: 0o600,
      mtime,
    });
    yield Buffer.concat([record, Buffer.alloc(padding(record.length))]);
    fields = { name: path.slice(-NAME_BYTES).replace(/^[^/]*\//, ''), prefix: '' };
  }
  const type = entry.type === 'file' ? '0' : '5';
  const mode = entry.type === 'file' ? 0o600 : 0o700;
  yield headerBlock({ ...fields, type, size, mode, mtime });
  if (size > 0) {
    yield entry.data;
    if (padding(size) > 0) yield Buffer.alloc(padding(size));
  }
}

/** Two empty blocks end an archive. */
export const TAR_END = Buffer.alloc(2 * BLOCK);

/** Reads exact byte counts from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer> | Iterator<Buffer>) {}

  /** Exactly `count` bytes; null when the stream has ended before any of them. */
  async read(count: number): Promise<Buffer | null> {
    while (this.buffered < count && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
    if (count > 0 && this.buffered === 0) return null;
    if (this.buffered < count) throw new TarFormatError('the archive ends inside an entry');
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const rest = all.subarray(count);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    return all.subarray(0, count);
  }
}

function text(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? length : end).toString('utf8');
}

function number(block: Buffer, offset: number, length: number): number {
  const digits = text(block, offset, length).trim();
  if (!/^[0-7]{1,12}$/.test(digits)) throw new TarFormatError('a header holds a bad number');
  return parseInt(digits, 8);
}

function paxPath(data: Buffer): string | undefined {
  const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
  return match?.[1];
}

/**
 * The entries of a tar stream, each file's bytes read whole (at most `maxEntryBytes`). A
 * link, a device or any other kind of entry is an error, as is a damaged header.
 */
export async function* readTar(
  source: AsyncIterable<Buffer> | Iterable<Buffer>,
  maxEntryBytes: number,
): AsyncGenerator<TarEntry> {
  const iterator =
    Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]();
  const reader = new ByteReader(iterator);
  let longPath: string | undefined;
  try {
    for (;;) {
      const block = await reader.read(BLOCK);
      if (!block || block.every((byte) => byte === 0)) return;
      if (text(block, 257, 5) !== 'ustar') throw new TarFormatError('not a POSIX tar archive');
      if (checksum(block) !== number(block, 148, 8))
        throw new TarFormatError('a header is damaged (its checksum does not match)');
      const type = String.fromCharCode(block[156]!);
      const size = number(block, 124, 12);
      if (size > maxEntryBytes) throw new TarFormatError('an entry is larger than allowed');
      const data = (await reader.read(size)) ?? Buffer.alloc(0);
      if (padding(size) > 0 && !(await reader.read(padding(size))))
        throw new TarFormatError('the archive ends inside an entry');
      if (type === 'x') {
        longPath = paxPath(data) ?? longPath;
        continue;
      }
      const prefix = text(block, 345, PREFIX_BYTES);
      const name = text(block, 0, NAME_BYTES);
      const path = (longPath ?? (prefix ? `${prefix}/${name}` : name)).replace(/\/+$/, '');
      longPath = undefined;
      if (type === '0' || type === '\0') yield { path, type: 'file', data };
      else if (type === '5') yield { path, type: 'directory', data: Buffer.alloc(0) };
      else throw new TarFormatError(`"${path}" is a link or a special file`);
    }
  } finally {
    await iterator.return?.();
  }
}
