import { randomInt } from 'node:crypto';
import { once } from 'node:events';
import { crc32, createDeflate, createDeflateRaw, deflateRawSync } from 'node:zlib';

const MB = 1_000_000;
const BLOCK = 1 << 20;

/**
 * `head`, then `unit` repeated to about `bytes`, then `tail`, deflated (zlib format for a
 * pdf stream, raw for a zip entry) without ever holding the whole text.
 */
export async function deflateRepeated(options: {
  head: string;
  unit: string;
  tail: string;
  bytes: number;
  raw: boolean;
}) {
  const block = Buffer.from(options.unit.repeat(Math.ceil(BLOCK / options.unit.length)));
  const deflate = options.raw ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  const write = async (chunk: Buffer) => {
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

/** A one-page pdf whose content stream is `deflated`, with a correct cross-reference table. */
export function pdfWithFlateContent(deflated: Buffer): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    Buffer.concat([
      Buffer.from(`<< /Length ${deflated.length} /Filter /FlateDecode >>\nstream\n`),
      deflated,
      Buffer.from('\nendstream'),
    ]),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const parts = [Buffer.from('%PDF-1.4\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
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

/** A small pdf whose one page inflates to about `bytes` of text-drawing operators. */
export async function pdfInflatingTo(bytes: number): Promise<Buffer> {
  const stream = await deflateRepeated({ head: '', unit: TEXT_LINE, tail: '', bytes, raw: false });
  return pdfWithFlateContent(stream.data);
}

interface ZipPart {
  name: string;
  /** The bytes as stored: raw deflate data, or the content itself when not compressed. */
  data: Buffer;
  deflated: boolean;
  /** The uncompressed size and checksum the headers declare. */
  size: number;
  crc: number;
}

/** A zip written by hand, so that its headers may declare what a test needs them to. */
export function zipArchive(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.deflated ? 8 : 0, 8);
    local.writeUInt32LE(part.crc >>> 0, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(part.deflated ? 8 : 0, 10);
    central.writeUInt32LE(part.crc >>> 0, 16);
    central.writeUInt32LE(part.data.length, 20);
    central.writeUInt32LE(part.size, 24);
    central.writeUInt16LE(name.length, 28);
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

const smallPart = (name: string, text: string): ZipPart => {
  const content = Buffer.from(text);
  return {
    name,
    data: deflateRawSync(content),
    deflated: true,
    size: content.length,
    crc: crc32(content),
  };
};

const DOCUMENT_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>';
const DOCUMENT_TAIL = '</w:body></w:document>';

/**
 * A docx whose word/document.xml is `unit` repeated to about `bytes`, compressed small;
 * its headers declare `declaredSize` for it when given (a lie), its real size otherwise.
 */
export async function docxWithDocumentXml(options: {
  unit: string;
  bytes: number;
  declaredSize?: number;
}): Promise<Buffer> {
  const document = await deflateRepeated({
    head: DOCUMENT_HEAD,
    unit: options.unit,
    tail: DOCUMENT_TAIL,
    bytes: options.bytes,
    raw: true,
  });
  return zipArchive([
    smallPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    ),
    smallPart(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    ),
    {
      name: 'word/document.xml',
      data: document.data,
      deflated: true,
      size: options.declaredSize ?? document.size,
      crc: document.crc,
    },
  ]);
}

export const PARAGRAPH = '<w:p><w:r><w:t>Umowa najmu lokalu mieszkalnego</w:t></w:r></w:p>';

/**
 * A paragraph of 64 KB of random words: repeats further apart than deflate looks back, so
 * that a document of them compresses no better than real text does.
 */
function randomParagraph(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let text = '';
  while (text.length < 65_536) {
    const length = randomInt(2, 10);
    for (let i = 0; i < length; i++) text += letters[randomInt(letters.length)];
    text += ' ';
  }
  return `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
}

/** The hostile files of the tests, each a few MB at most. */
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
