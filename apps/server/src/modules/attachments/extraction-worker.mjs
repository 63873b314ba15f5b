// Reads the text of one uploaded document (pdf, docx, doc) in a thread of its own, so that a
// hostile file costs this thread and never the server's event loop. The server gives the
// thread a heap limit and a deadline and ends it when either runs out; the checks here refuse
// what would exceed the size limits before the parsers spend that memory and time.
// Plain JavaScript: it runs as it is under the test runner and in dist/.
//
// workerData: { kind, bytes (Uint8Array), entries (docx: zip-directory.ts), limits }.
// Answers once: { text } or { refused: 'too_large', limit } or { refused: 'unreadable' }.
import { parentPort, workerData } from 'node:worker_threads';
import { constants, inflateRawSync, inflateSync } from 'node:zlib';

class TooLarge extends Error {
  constructor(limit) {
    super(`over the ${limit} limit`);
    this.limit = limit;
  }
}

const TOO_LARGE_CODE = 'ERR_BUFFER_TOO_LARGE';

/** Counts characters as they arrive, so reading stops as soon as there are too many. */
function textBudget(max) {
  let used = 0;
  return (text) => {
    used += text.length;
    if (used > max) throw new TooLarge('text length');
  };
}

const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');
const CR = 0x0d;
const LF = 0x0a;
const WHITESPACE = new Set([0x00, 0x09, LF, 0x0c, CR, 0x20]);
// A stream's dictionary sits just before its keyword; a content stream's is short.
const DICTIONARY_WINDOW = 1024;

/** Whether the keyword at `at` follows a dictionary's closing `>>`. */
function followsDictionary(pdf, at) {
  let pos = at - 1;
  while (pos >= 0 && WHITESPACE.has(pdf[pos])) pos--;
  return pos >= 1 && pdf[pos] === 0x3e && pdf[pos - 1] === 0x3e;
}

/**
 * Inflates every FlateDecode stream pdf.js would read for text (all but images) to count
 * the bytes, at most `max` in all. pdf.js has no such limit of its own and keeps what it
 * inflates. Streams that do not inflate here (damaged, encrypted, other filters) are left
 * to pdf.js under the deadline and the heap limit.
 */
function checkPdfStreams(pdf, max) {
  let used = 0;
  for (let at = pdf.indexOf(STREAM); at >= 0; at = pdf.indexOf(STREAM, at + STREAM.length)) {
    if (!followsDictionary(pdf, at)) continue;
    let start = at + STREAM.length;
    if (pdf[start] === CR) start++;
    if (pdf[start] === LF) start++;
    if (start === at + STREAM.length) continue;
    const window = pdf.toString('latin1', Math.max(0, at - DICTIONARY_WINDOW), at);
    const dictionary = window.slice(window.lastIndexOf('obj') + 1);
    if (!/\/FlateDecode\b/.test(dictionary) || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    let end = pdf.indexOf(END_STREAM, start);
    if (end < 0) end = pdf.length;
    try {
      used += inflateSync(pdf.subarray(start, end), {
        maxOutputLength: Math.max(1, max - used),
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
    } catch (error) {
      if (error.code === TOO_LARGE_CODE) throw new TooLarge('inflated size');
    }
  }
}

async function readPdf(bytes, limits) {
  checkPdfStreams(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), limits.inflatedBytes);
  // verbosity 0 keeps pdf.js's warnings about damaged files off the console.
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  if (pdf.numPages > limits.pages) throw new TooLarge('pages');
  const count = textBudget(limits.textChars);
  const pages = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    // Streamed, so that a page of endless text is stopped at the limit, not read whole.
    const reader = page.streamTextContent().getReader();
    const parts = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      for (const item of value.items) {
        if (item.str == null) continue;
        const part = item.hasEOL ? `${item.str}\n` : item.str;
        count(part);
        parts.push(part);
      }
    }
    pages.push(parts.join(''));
    page.cleanup();
  }
  return pages.join('\n\n');
}

const STORED = 0;
const DEFLATED = 8;

/**
 * Inflates each entry, at most to the size it declares (which the server has checked), so
 * that one claiming less than it holds is caught before the Word parser inflates it whole.
 */
function checkZipEntries(bytes, entries) {
  for (const entry of entries) {
    const data = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.compressedSize);
    if (entry.method === STORED) {
      if (entry.compressedSize !== entry.size) throw new Error('stored size mismatch');
      continue;
    }
    if (entry.method !== DEFLATED) throw new Error('unknown compression');
    let inflated;
    try {
      inflated = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
    } catch (error) {
      if (error.code === TOO_LARGE_CODE) throw new TooLarge('inflated size');
      throw error;
    }
    if (inflated.length > entry.size) throw new TooLarge('inflated size');
  }
}

async function readDocx(bytes, limits, entries) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  checkZipEntries(buffer, entries);
  const { default: mammoth } = await import('mammoth');
  const result = await mammoth.extractRawText({ buffer });
  textBudget(limits.textChars)(result.value);
  return result.value;
}

async function readDoc(bytes, limits) {
  const { default: WordExtractor } = await import('word-extractor');
  const doc = await new WordExtractor().extract(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length),
  );
  const text = [doc.getHeaders({ includeFooters: false }), doc.getBody(), doc.getFootnotes()]
    .filter((part) => part.trim() !== '')
    .join('\n\n');
  textBudget(limits.textChars)(text);
  return text;
}

const READERS = { pdf: readPdf, docx: readDocx, doc: readDoc };

const { kind, bytes, entries, limits } = workerData;
try {
  parentPort.postMessage({ text: await READERS[kind](bytes, limits, entries) });
} catch (error) {
  parentPort.postMessage(
    error instanceof TooLarge
      ? { refused: 'too_large', limit: error.limit }
      : { refused: 'unreadable' },
  );
}
