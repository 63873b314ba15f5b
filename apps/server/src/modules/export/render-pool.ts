import { Worker } from 'node:worker_threads';
import type { ExportFormat } from '@themis/shared';
import { EXPORT_RENDER_WORKER } from '../../paths';
import type { ExportDocument } from './export-document';
import type { RenderJob, RenderOutcome } from './render-worker';

/** A file that takes longer than this is given up, and its thread started afresh. */
const DEADLINE_MS = 30_000;

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(error: Error) {
  for (const [id, job] of pending) {
    clearTimeout(job.timer);
    job.reject(error);
    pending.delete(id);
  }
}

/**
 * One thread for every export, started at the first and kept (its libraries and fonts load
 * once). Jobs run one after another in it, so one core stays with the event loop.
 */
function renderThread(): Worker {
  if (worker) return worker;
  const started = EXPORT_RENDER_WORKER.href.endsWith('.ts')
    ? // From the sources (tests, development): TypeScript through tsx's loader.
      new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(
          EXPORT_RENDER_WORKER.href,
        )}); });`,
        { eval: true },
      )
    : new Worker(EXPORT_RENDER_WORKER);
  started.on('message', (outcome: RenderOutcome) => {
    const job = pending.get(outcome.id);
    if (!job) return;
    pending.delete(outcome.id);
    clearTimeout(job.timer);
    if ('error' in outcome) job.reject(new Error(`export render failed: ${outcome.error}`));
    else
      job.resolve(
        Buffer.from(outcome.bytes.buffer, outcome.bytes.byteOffset, outcome.bytes.byteLength),
      );
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', () => {
    if (worker === started) worker = undefined;
    failAll(new Error('export render thread ended'));
  });
  // An idle thread does not keep the process alive.
  started.unref();
  worker = started;
  return started;
}

/** The document as a file of `format`, laid out in the export thread. */
export function renderInThread(doc: ExportDocument, format: ExportFormat): Promise<Buffer> {
  const thread = renderThread();
  const id = nextId++;
  const { copy: _words, ...data } = doc;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('export render timed out'));
      void thread.terminate();
    }, DEADLINE_MS);
    pending.set(id, { resolve, reject, timer });
    thread.postMessage({ id, format, doc: data } satisfies RenderJob);
  });
}
