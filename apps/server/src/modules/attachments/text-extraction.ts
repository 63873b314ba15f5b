import { AppError } from '../../errors';
import { extractInWorker } from './extraction-pool';
import type { DocumentKind } from './file-kind';
import { readZipDirectory, type ZipEntry, type ZipLimits } from './zip-directory';

// PostgreSQL text cannot hold NUL; other control characters only confuse the model.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Plain text with tidy whitespace: at most one blank line, no trailing spaces. */
function normalizeText(options: { text: string }): string {
  return options.text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_CHARS, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const MIB = 1024 * 1024;

/**
 * What reading one document may cost. The text limit is more than the longest context
 * window can take whole (half of 1M tokens is about 2M characters), so nothing a model could
 * read is refused; the size limits sit well above real documents of at most 20 MB and refuse
 * bombs before they are inflated. What slips under them still meets the heap and the deadline.
 */
const DOCUMENT_LIMITS = {
  deadlineMs: 20_000,
  textChars: 3_000_000,
  heapMb: { pdf: 512, docx: 512, doc: 256 } satisfies Record<DocumentKind, number>,
  pdf: { inflatedBytes: 64 * MIB, pages: 5_000 },
  docx: {
    entries: 5_000,
    totalBytes: 128 * MIB,
    xmlBytes: 16 * MIB,
    ratio: 100,
    ratioFromBytes: MIB,
  } satisfies ZipLimits,
};

// The .doc format has no compression, so its text cannot outgrow the file: a .doc that runs
// out of heap or time is a broken one (the parser follows cyclic sector chains), not a big one.
const BROKEN_DOC_LIMITS = new Set(['heap', 'time']);

const documentTooLarge = (kind: DocumentKind, limit: string) =>
  new AppError('document_too_large', 400, `${kind} over the ${limit} limit`);

/**
 * The document's text ('' for a scanned pdf without a text layer), or null when the
 * bytes do not parse as that kind at all; 400 document_too_large when reading it would
 * exceed a limit. The reading happens in a worker thread, never on the event loop.
 */
export async function extractDocumentText(options: {
  kind: DocumentKind;
  bytes: Buffer;
}): Promise<string | null> {
  const { kind, bytes } = options;
  let entries: ZipEntry[] | undefined;
  if (kind === 'docx') {
    const zip = readZipDirectory({ bytes, limits: DOCUMENT_LIMITS.docx });
    if ('refused' in zip) {
      if (zip.refused === 'unreadable') return null;
      throw documentTooLarge(kind, zip.limit);
    }
    entries = zip.entries;
  }
  const result = await extractInWorker({
    kind,
    bytes,
    entries,
    limits: { textChars: DOCUMENT_LIMITS.textChars, ...(kind === 'pdf' && DOCUMENT_LIMITS.pdf) },
    heapMb: DOCUMENT_LIMITS.heapMb[kind],
    deadlineMs: DOCUMENT_LIMITS.deadlineMs,
  });
  if ('text' in result) return normalizeText({ text: result.text });
  if (result.refused === 'unreadable') return null;
  if (kind === 'doc' && BROKEN_DOC_LIMITS.has(result.limit)) return null;
  throw documentTooLarge(kind, result.limit);
}
