import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { FileKind } from './file-kind';

/** The document kinds whose text is read at upload. */
export type DocumentKind = Extract<FileKind, 'pdf' | 'docx' | 'doc'>;

export const isDocumentKind = (kind: FileKind): kind is DocumentKind =>
  kind === 'pdf' || kind === 'docx' || kind === 'doc';

// PostgreSQL text cannot hold NUL; other control characters only confuse the model.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Plain text with tidy whitespace: at most one blank line, no trailing spaces. */
export function normalizeText(options: { text: string }): string {
  return options.text
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_CHARS, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function readPdf(bytes: Buffer): Promise<string> {
  // pdf.js takes over the buffer it is given, so it gets a copy; verbosity 0 keeps its
  // warnings about damaged files off the console.
  // The document libraries are loaded on first use: most requests never need them.
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text.join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

async function readDocx(bytes: Buffer): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer: bytes });
  return result.value;
}

// The .doc parser follows sector chains without guarding against cycles: a crafted file
// would spin forever. It runs in a worker with a heap limit and a deadline instead.
const DOC_PARSER_PATH = createRequire(import.meta.url).resolve('word-extractor');
const DOC_TIMEOUT_MS = 20_000;
const DOC_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const WordExtractor = require(workerData.parserPath);
new WordExtractor().extract(Buffer.from(workerData.bytes)).then(
  (doc) => parentPort.postMessage({
    text: [doc.getHeaders({ includeFooters: false }), doc.getBody(), doc.getFootnotes()]
      .filter((part) => part.trim() !== '')
      .join('\\n\\n'),
  }),
  () => parentPort.postMessage({ text: null }),
);
`;

function readDoc(bytes: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(DOC_WORKER_SOURCE, {
      eval: true,
      workerData: { parserPath: DOC_PARSER_PATH, bytes },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error('doc parser timed out'))),
      DOC_TIMEOUT_MS,
    );
    worker.once('message', (result: { text: string | null }) =>
      finish(() =>
        result.text === null ? reject(new Error('not a Word document')) : resolve(result.text),
      ),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    // Settling twice is harmless: only the first outcome counts.
    worker.once('exit', () => finish(() => reject(new Error('doc parser stopped'))));
  });
}

const READERS: Record<DocumentKind, (bytes: Buffer) => Promise<string>> = {
  pdf: readPdf,
  docx: readDocx,
  doc: readDoc,
};

/**
 * The document's text ('' for a scanned pdf without a text layer), or null when the
 * bytes do not parse as that kind at all.
 */
export async function extractDocumentText(options: {
  kind: DocumentKind;
  bytes: Buffer;
}): Promise<string | null> {
  try {
    return normalizeText({ text: await READERS[options.kind](options.bytes) });
  } catch {
    return null;
  }
}
