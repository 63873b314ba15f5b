import JSZip from 'jszip';
import sharp from 'sharp';
import { DOCX_DOCUMENT, DOCX_PACKAGE_PARTS, onePagePdf } from './hostile-files.mjs';

/**
 * A one-page pdf with one text line per entry of `lines` (Helvetica), written by hand with
 * a correct cross-reference table; with no lines it has no text layer, like a scan.
 */
export function pdfWithText(lines: string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const stream = lines.length
    ? `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${escape(line)}) '`).join(' ')} ET`
    : '';
  return onePagePdf(Buffer.from(stream, 'latin1'));
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal but complete docx with one paragraph per entry of `paragraphs`. */
export async function docxWithText(paragraphs: string[]): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(DOCX_PACKAGE_PARTS)) zip.file(name, text);
  zip.file(
    'word/document.xml',
    DOCX_DOCUMENT.head +
      paragraphs.map((text) => `<w:p><w:r><w:t>${escapeXml(text)}</w:t></w:r></w:p>`).join('') +
      DOCX_DOCUMENT.tail,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A zip that is not a Word document. */
export async function plainZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('notes.txt', 'hello');
  return zip.generateAsync({ type: 'nodebuffer' });
}

const solid = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 90, b: 200 } } });
export const pngImage = () => solid().png().toBuffer();
export const jpegImage = () => solid().jpeg().toBuffer();

/**
 * Bytes with the OLE compound file signature and a 'WordDocument' name but no valid
 * structure behind them: the first look says doc, the parser must refuse it.
 */
export function brokenOleFile(): Buffer {
  const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  return Buffer.concat([header, Buffer.alloc(504, 0xff), Buffer.from('WordDocument', 'utf16le')]);
}

/** A Windows executable's first bytes followed by `marker`. */
export const windowsExecutable = (marker: string) =>
  Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.from(marker)]);

/** A Linux executable's first bytes followed by `marker`. */
export const linuxExecutable = (marker: string) =>
  Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), Buffer.from(marker)]);

const SECTOR = 512;
const FREE = -1;
const END_OF_CHAIN = -2;
const FAT_SECTOR = -3;

/** A 128-byte OLE directory entry. */
function directoryEntry(options: {
  name: string;
  type: number;
  right?: number;
  child?: number;
  start?: number;
  size?: number;
}): Buffer {
  const entry = Buffer.alloc(128);
  if (options.type !== 0) {
    entry.write(options.name, 0, 'utf16le');
    entry.writeUInt16LE((options.name.length + 1) * 2, 64);
  }
  entry.writeUInt8(options.type, 66);
  entry.writeUInt8(1, 67);
  entry.writeInt32LE(FREE, 68);
  entry.writeInt32LE(options.right ?? FREE, 72);
  entry.writeInt32LE(options.child ?? FREE, 76);
  entry.writeInt32LE(options.start ?? END_OF_CHAIN, 116);
  entry.writeUInt32LE(options.size ?? 0, 120);
  return entry;
}

/**
 * A Word 97 .doc with `text` as its body: an OLE compound file (512-byte sectors, one FAT
 * sector, one directory sector) holding a WordDocument stream with a minimal FIB and the
 * text in UTF-16, and a 1Table stream with a one-piece table. Both streams are 4096 bytes,
 * the smallest size stored in regular sectors, so no mini stream is needed.
 */
export function docWithText(text: string): Buffer {
  const body = `${text.replace(/\n/g, '\r')}\r`;
  const streamSize = 4096;
  const textAt = 0x800;
  const word = Buffer.alloc(streamSize);
  word.writeUInt16LE(0xa5ec, 0); // wIdent
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: the table is 1Table
  word.writeUInt32LE(textAt, 0x18); // fcMin
  word.writeUInt32LE(body.length, 0x4c); // ccpText
  word.writeUInt32LE(0, 0x1a2); // fcClx
  word.writeUInt32LE(21, 0x1a6); // lcbClx
  word.write(body, textAt, 'utf16le');

  const table = Buffer.alloc(streamSize);
  table.writeUInt8(2, 0); // clxtPlcPcd
  table.writeUInt32LE(16, 1); // two CPs and one piece descriptor
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(body.length, 9);
  table.writeUInt32LE(textAt, 15); // fc without the compressed bit: UTF-16 text

  const sectorsPerStream = streamSize / SECTOR;
  const wordStart = 2;
  const tableStart = wordStart + sectorsPerStream;
  const fat = Buffer.alloc(SECTOR, 0xff);
  fat.writeInt32LE(FAT_SECTOR, 0);
  fat.writeInt32LE(END_OF_CHAIN, 4);
  for (const start of [wordStart, tableStart]) {
    for (let i = 0; i < sectorsPerStream; i++) {
      const next = i === sectorsPerStream - 1 ? END_OF_CHAIN : start + i + 1;
      fat.writeInt32LE(next, (start + i) * 4);
    }
  }
  const directory = Buffer.concat([
    directoryEntry({ name: 'Root Entry', type: 5, child: 1 }),
    directoryEntry({ name: 'WordDocument', type: 2, right: 2, start: wordStart, size: streamSize }),
    directoryEntry({ name: '1Table', type: 2, start: tableStart, size: streamSize }),
    directoryEntry({ name: '', type: 0 }),
  ]);

  const header = Buffer.alloc(SECTOR, 0xff);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0);
  header.fill(0, 8, 76);
  header.writeUInt16LE(0x3e, 24); // minor version
  header.writeUInt16LE(3, 26); // major version: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28); // byte order
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeInt32LE(1, 44); // FAT sectors
  header.writeInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(streamSize, 56); // mini stream cutoff
  header.writeInt32LE(END_OF_CHAIN, 60); // no mini FAT
  header.writeInt32LE(0, 64);
  header.writeInt32LE(END_OF_CHAIN, 68); // no DIFAT sectors
  header.writeInt32LE(0, 72);
  header.writeInt32LE(0, 76); // the FAT is sector 0
  return Buffer.concat([header, fat, directory, word, table]);
}

/**
 * A .doc whose WordDocument sector chain loops back on itself: a parser that follows
 * chains blindly never finishes it.
 */
export function docWithSectorLoop(): Buffer {
  const doc = docWithText('loop');
  // The FAT is sector 0, just after the 512-byte header; sector 9 ends the WordDocument
  // chain (sectors 2 to 9) and is pointed back at its start.
  doc.writeInt32LE(2, SECTOR + 9 * 4);
  return doc;
}
