// Hostile pdf and docx files, written by hand, and the pieces of a pdf and a docx they share
// with the ordinary files of attachment-files.ts. Plain JavaScript, so that the bench
// (bench/hostile-documents.mjs) uploads the same files as the tests and still runs with node
// as it is; the types are in hostile-files.d.mts.
import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';

const MB = 1_000_000;
const BLOCK = 1 << 20;

/**
 * `head`, then `unit` repeated to about `bytes`, then `tail`, deflated (zlib format for a
 * pdf stream, raw for a zip entry) without ever holding the whole text.
 *
 * @param {{ head: string, unit: string, tail: string, bytes: number, raw: boolean }} options
 * @returns {Promise<{ data: Buffer, size: number, crc: number }>}
 */
async function deflateRepeated(options) {
  const block = Buffer.from(options.unit.repeat(Math.ceil(BLOCK / options.unit.length)));
  const deflate = options.raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  /** @type {Buffer[]} */
  const out = [];
  deflate.on('data', (chunk) => out.push(chunk));
  let crc = 0;
  let size = 0;
  /** @param {Buffer} chunk */
  const write = async (chunk) => {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await once(deflate, 'drain');
  };
  await write(Buffer.from(options.head));
  while (size < options.bytes) await write(block);
  await write(Buffer.from(options.tail));
  deflate.end();
  await once(deflate, 'end');
  return { data: Buffer.concat(out), size, crc };
}

/**
 * A one-page pdf (Helvetica as /F1) whose content stream is `content` as stored, encoded by
 * `filter` when one is named, with a correct cross-reference table.
 *
 * @param {Buffer} content
 * @param {string} [filter] e.g. 'FlateDecode'
 * @returns {Buffer}
 */
export function onePagePdf(content, filter) {
  const dictionary = `<< /Length ${content.length}${filter ? ` /Filter /${filter}` : ''} >>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([Buffer.from(`${dictionary}\nstream\n`), content, Buffer.from('\nendstream')]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0].length;
  /** @type {number[]} */
  const offsets = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      Buffer.isBuffer(object) ? object : Buffer.from(object),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  return Buffer.concat([...parts, Buffer.from(tail)]);
}

const TEXT_LINE = 'BT /F1 12 Tf 72 720 Td (Umowa najmu lokalu mieszkalnego) Tj ET\n';

/**
 * A small pdf whose one page inflates to about `bytes` of text-drawing operators.
 *
 * @param {number} bytes
 */
async function pdfInflatingTo(bytes) {
  const stream = await deflateRepeated({ head: '', unit: TEXT_LINE, tail: '', bytes, raw: false });
  return onePagePdf(stream.data, 'FlateDecode');
}

/**
 * @typedef {object} ZipPart
 * @property {string} name
 * @property {Buffer} data The bytes as stored: raw deflate data, or the content itself when
 *   not compressed.
 * @property {boolean} deflated
 * @property {number} size The uncompressed size the headers declare.
 * @property {number} crc The checksum the headers declare.
 */

/**
 * The fields that a zip entry's local header (at 8) and its central directory header (at 10)
 * both hold, in the same layout: method, time and date (left 0), checksum, compressed and
 * uncompressed sizes, name length.
 *
 * @param {Buffer} header
 * @param {number} at
 * @param {ZipPart} part
 * @param {number} nameLength
 */
function writeEntryFields(header, at, part, nameLength) {
  header.writeUInt16LE(part.deflated ? 8 : 0, at);
  header.writeUInt32LE(part.crc >>> 0, at + 6);
  header.writeUInt32LE(part.data.length, at + 10);
  header.writeUInt32LE(part.size, at + 14);
  header.writeUInt16LE(nameLength, at + 18);
}

/**
 * A zip written by hand, so that its headers may declare what a test needs them to.
 *
 * @param {ZipPart[]} parts
 * @returns {Buffer}
 */
function zipArchive(parts) {
  /** @type {Buffer[]} */
  const locals = [];
  /** @type {Buffer[]} */
  const centrals = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    writeEntryFields(local, 8, part, name.length);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    writeEntryFields(central, 10, part, name.length);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, part.data);
    centrals.push(central, name);
    offset += local.length + name.length + part.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * @param {string} name
 * @param {string} text
 * @returns {ZipPart}
 */
const smallPart = (name, text) => {
  const content = Buffer.from(text);
  return {
    name,
    data: deflateRawSync(content),
    deflated: true,
    size: content.length,
    crc: crc32(content),
  };
};

/** The parts of a docx besides word/document.xml, by name: content types and relationships. */
export const DOCX_PACKAGE_PARTS = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
    '</Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>',
};

/** What word/document.xml holds before and after its paragraphs. */
export const DOCX_DOCUMENT = {
  head:
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  tail: '</w:body></w:document>',
};

/**
 * A docx whose word/document.xml is `unit` repeated to about `bytes`, compressed small;
 * its headers declare `declaredSize` for it when given (a lie), its real size otherwise.
 *
 * @param {{ unit: string, bytes: number, declaredSize?: number }} options
 */
async function docxWithDocumentXml(options) {
  const document = await deflateRepeated({
    head: DOCX_DOCUMENT.head,
    unit: options.unit,
    tail: DOCX_DOCUMENT.tail,
    bytes: options.bytes,
    raw: true,
  });
  return zipArchive([
    ...Object.entries(DOCX_PACKAGE_PARTS).map(([name, text]) => smallPart(name, text)),
    {
      name: 'word/document.xml',
      data: document.data,
      deflated: true,
      size: options.declaredSize ?? document.size,
      crc: document.crc,
    },
  ]);
}

const PARAGRAPH = '<w:p><w:r><w:t>Umowa najmu lokalu mieszkalnego</w:t></w:r></w:p>';

/**
 * A paragraph of 64 KB of random words: repeats further apart than deflate looks back, so
 * that a document of them compresses no better than real text does.
 */
function randomParagraph() {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let text = '';
  while (text.length < 65_536) {
    const length = randomInt(2, 10);
    for (let i = 0; i < length; i++) text += letters[randomInt(letters.length)];
    text += ' ';
  }
  return `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
}

/** The hostile files of the tests and the bench, each a few MB at most. */
export const hostile = {
  /** A content stream that inflates to 80 MB of text operators. */
  inflatingPdf: () => pdfInflatingTo(80 * MB),
  /** 16 MB of text operators: within the inflate limit, but over 7M characters of text. */
  wordyPdf: () => pdfInflatingTo(16 * MB),
  /** A word/document.xml of 300 MB, declared as such. */
  declaredDocx: () => docxWithDocumentXml({ unit: PARAGRAPH, bytes: 300 * MB }),
  /** The same 300 MB, declared as 1 MB. */
  lyingDocx: () => docxWithDocumentXml({ unit: PARAGRAPH, bytes: 300 * MB, declaredSize: MB }),
  /** 3.5 MB of plain text: sizes and compression as a real document's, but too much text. */
  wordyDocx: () => docxWithDocumentXml({ unit: randomParagraph(), bytes: 3.5 * MB }),
};
