import type { ChatFileType } from '@themis/shared';

/** What an upload is, decided by its bytes alone. */
export type FileKind = 'pdf' | 'docx' | 'doc' | 'png' | 'jpeg';

/** The document kinds whose text is read at upload. */
export type DocumentKind = Extract<FileKind, 'pdf' | 'docx' | 'doc'>;

export const isDocumentKind = (kind: FileKind): kind is DocumentKind =>
  kind === 'pdf' || kind === 'docx' || kind === 'doc';

export const MEDIA_TYPES: Record<FileKind, ChatFileType> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
// Zip entry names are stored uncompressed, in the local headers and the central directory.
const DOCX_MAIN_PART = Buffer.from('word/document.xml');
// An OLE directory entry names its stream in UTF-16LE.
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

// A 20 MB file can still claim an enormous canvas; refuse it before it is decoded.
const MAX_INPUT_PIXELS = 100_000_000;

const startsWith = (bytes: Buffer, magic: Buffer) =>
  bytes.length >= magic.length && bytes.subarray(0, magic.length).equals(magic);

/**
 * The kind the bytes claim by their signature, or null. Only a first look: documents are
 * confirmed by parsing them (see extractDocumentText), images by decoding (confirmImage).
 */
export function detectFileKind(options: { bytes: Buffer }): FileKind | null {
  const { bytes } = options;
  if (startsWith(bytes, PDF_MAGIC)) return 'pdf';
  if (startsWith(bytes, ZIP_MAGIC)) return bytes.includes(DOCX_MAIN_PART) ? 'docx' : null;
  if (startsWith(bytes, OLE_MAGIC)) return bytes.includes(WORD_STREAM) ? 'doc' : null;
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, JPEG_MAGIC)) return 'jpeg';
  return null;
}

/** True when the bytes decode as a picture of the given kind (a cut-off file does not). */
export async function confirmImage(options: { bytes: Buffer; kind: FileKind }): Promise<boolean> {
  try {
    // Loaded on first use: the image library is large and most requests never need it.
    const { default: sharp } = await import('sharp');
    const image = sharp(options.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await image.metadata();
    if (metadata.format !== options.kind) return false;
    // A small render decodes every pixel row without holding the full-size picture.
    await image.resize(32, 32, { fit: 'inside' }).toBuffer();
    return true;
  } catch {
    return false;
  }
}
