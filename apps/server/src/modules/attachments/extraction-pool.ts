import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EXTRACTION_WORKER } from '../../paths';
import type { DocumentKind } from './file-kind';
import type { ZipEntry } from './zip-directory';

/** The document's raw text, or why it was refused. */
export type Extraction =
  { text: string } | { refused: 'unreadable' } | { refused: 'too_large'; limit: string };

export interface ExtractionJob {
  kind: DocumentKind;
  bytes: Buffer;
  /** A docx's entries, as the server read and checked them. */
  entries?: ZipEntry[];
  /** The worker's own limits (extraction-worker.mjs). */
  limits: Record<string, number>;
  heapMb: number;
  deadlineMs: number;
}

// A thread per document, started fresh so that no memory outlives it. At most one at a
// time on two cores, so that one core stays with the event loop; the rest wait their turn.
const SLOTS = Math.max(1, Math.min(2, availableParallelism() - 1));
let busy = 0;
const waiting: (() => void)[] = [];

async function takeSlot(): Promise<void> {
  if (busy < SLOTS) {
    busy++;
    return;
  }
  // The slot is handed over by releaseSlot, so `busy` stays as it is.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  if (next) next();
  else busy--;
}

/** Runs the job in a thread; settles once the thread has ended, its memory given back. */
function runWorker(job: ExtractionJob): Promise<Extraction> {
  // A copy the thread takes over: the caller still stores the original.
  const bytes = new Uint8Array(job.bytes);
  const worker = new Worker(EXTRACTION_WORKER, {
    workerData: { kind: job.kind, bytes, entries: job.entries ?? [], limits: job.limits },
    transferList: [bytes.buffer],
    resourceLimits: { maxOldGenerationSizeMb: job.heapMb },
  });
  return new Promise((resolve) => {
    let outcome: Extraction | undefined;
    const settle = (value: Extraction) => {
      outcome ??= value;
      clearTimeout(timer);
      void worker.terminate();
    };
    const timer = setTimeout(() => settle({ refused: 'too_large', limit: 'time' }), job.deadlineMs);
    worker.once('message', (message: Extraction) => settle(message));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { refused: 'too_large', limit: 'heap' }
          : { refused: 'unreadable' },
      ),
    );
    worker.once('exit', () => {
      clearTimeout(timer);
      resolve(outcome ?? { refused: 'unreadable' });
    });
  });
}

/** Reads the document in a thread of its own once one of the few slots is free. */
export async function extractInWorker(job: ExtractionJob): Promise<Extraction> {
  await takeSlot();
  try {
    return await runWorker(job);
  } finally {
    releaseSlot();
  }
}
