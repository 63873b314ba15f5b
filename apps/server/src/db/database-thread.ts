import { execFile } from 'node:child_process';
import { access, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { DATA_TEMPLATE_DIR, PGLITE_WORKER } from '../paths';

// The embedded database's thread, apart from the connections to it (embedded-database.ts):
// light enough to start before the server's modules load.

/** The embedded database's folder, or an in-memory one: new, or a dump's copy (tests). */
export type EmbeddedSource = { dataDir: string } | { dump?: Uint8Array };

/** Whether `dataDir` holds a database (initdb writes PG_VERSION). */
async function isInitialized(dataDir: string): Promise<boolean> {
  return access(join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'dumped'; bytes: ArrayBuffer }
  | { type: 'closed' };

/**
 * Starts PGlite in a thread of its own on `source`. A folder without a database is filled
 * from the migrated `template` by the thread itself, or created first when there is none
 * (the server run from its sources, not dist/).
 */
export async function startDatabaseThread(
  source: EmbeddedSource,
  template = DATA_TEMPLATE_DIR,
): Promise<Worker> {
  if ('dataDir' in source && !(await isInitialized(source.dataDir))) {
    if (template && (await isInitialized(template))) {
      return startWorker({ dataDir: source.dataDir, template });
    }
    await createDataFolder(source.dataDir);
  }
  return startWorker(source);
}

export function nextReply(worker: Worker, type: WorkerReply['type']): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    const onMessage = (reply: WorkerReply) => {
      if (reply.type !== type && reply.type !== 'failed') return;
      cleanUp();
      if (reply.type === 'failed') reject(new Error(`embedded database: ${reply.message}`));
      else resolve(reply);
    };
    const onExit = (code: number) => {
      cleanUp();
      reject(new Error(`embedded database stopped (exit code ${code})`));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(new Error(`embedded database failed: ${error.message}`, { cause: error }));
    };
    const cleanUp = () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      worker.off('error', onError);
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.once('error', onError);
  });
}

async function startWorker(source: EmbeddedSource & { template?: string }): Promise<Worker> {
  const worker = new Worker(PGLITE_WORKER, {
    workerData: source,
    // Its garbage is the protocol's buffers, short-lived: a small young generation will do.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  try {
    await nextReply(worker, 'ready');
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return worker;
}

export async function stopDatabaseThread(worker: Worker): Promise<void> {
  // A thread that has already ended (it failed) has nothing left to close.
  if (worker.threadId < 0) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.postMessage({ type: 'close' });
  await nextReply(worker, 'closed').catch(() => undefined);
  await exited;
}

/**
 * Creates a new data folder in a process of its own: initdb grows PGlite's memory to several
 * hundred MB, which neither a running instance nor an ended thread gives back to the system.
 */
async function createDataFolder(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await promisify(execFile)(process.execPath, [fileURLToPath(PGLITE_WORKER), dataDir]);
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`embedded database: ${dataDir} could not be created: ${stderr ?? error}`, {
      cause: error,
    });
  }
}
