import { Worker } from 'node:worker_threads';

// pdf.js sets globals where it loads: read in a thread of its own, it leaves none in the test
// worker, whose later files check that no document parser ever ran in the server's thread.
const READER = `
const { parentPort, workerData } = require('node:worker_threads');
import('unpdf')
  .then(({ extractText }) => extractText(new Uint8Array(workerData), { mergePages: true }))
  .then(({ text, totalPages }) => parentPort.postMessage({ text, totalPages }))
  .catch((error) => parentPort.postMessage({ error: String(error) }));
`;

/** A PDF's text (its pages joined) and its number of pages. */
export function pdfText(bytes: Buffer): Promise<{ text: string; totalPages: number }> {
  const worker = new Worker(READER, { eval: true, workerData: bytes });
  return new Promise((resolve, reject) => {
    worker.once('message', (outcome: { text: string; totalPages: number } | { error: string }) => {
      void worker.terminate();
      if ('error' in outcome) reject(new Error(outcome.error));
      else resolve(outcome);
    });
    worker.once('error', reject);
  });
}
