import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Duplex } from 'node:stream';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import pg from 'pg';
import { DATA_TEMPLATE_DIR, PGLITE_WORKER } from '../paths';
import { copyDataTemplate, isInitialized } from './data-folder';

type WorkerReply =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'dumped'; bytes: ArrayBuffer }
  | { type: 'closed' };

/** The embedded database's folder, or an in-memory one: new, or a dump's copy (tests). */
export type EmbeddedSource = { dataDir: string } | { dump?: Uint8Array };

export interface EmbeddedDatabase {
  /** node-postgres, its connections taking turns a transaction at a time (PGlite has one session). */
  pool: pg.Pool;
  /** The whole database as a tar file, which `{ dump }` opens again (test templates). */
  dumpDataDir(): Promise<Uint8Array>;
  /** Closes PGlite cleanly and ends the thread; the pool must be ended first. */
  stop(): Promise<void>;
  /** The database thread (tests end it to see a failure handled). */
  thread: Worker;
}

function nextReply(worker: Worker, type: WorkerReply['type']): Promise<WorkerReply> {
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

async function startWorker(source: EmbeddedSource): Promise<Worker> {
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

async function stopWorker(worker: Worker): Promise<void> {
  // A thread that has already ended (it failed) has nothing left to close.
  if (worker.threadId < 0) return;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.postMessage({ type: 'close' });
  await nextReply(worker, 'closed').catch(() => undefined);
  await exited;
}

/**
 * A node-postgres connection carried over a MessagePort to the database thread: pg writes
 * whole protocol messages, and a query's messages arrive together (pg corks them).
 */
class WorkerConnection extends Duplex {
  private port: MessagePort | undefined;

  constructor(private readonly worker: Worker) {
    super();
  }

  connect(): this {
    // A thread that has ended would never answer: the query fails at once instead.
    if (this.worker.threadId < 0) {
      queueMicrotask(() => this.destroy(new Error('the embedded database has stopped')));
      return this;
    }
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    port1.on('message', (reply: Uint8Array) => {
      this.push(Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength));
    });
    port1.on('close', () => this.destroy());
    this.worker.postMessage({ type: 'connect', port: port2 }, [port2]);
    queueMicrotask(() => this.emit('connect'));
    return this;
  }

  // A socket's knobs, which pg sets on any stream it is given.
  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    this.port?.ref();
    return this;
  }

  unref(): this {
    this.port?.unref();
    return this;
  }

  override _read(): void {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error) => void) {
    this.send(chunk, done);
  }

  override _writev(chunks: { chunk: Buffer }[], done: (error?: Error) => void) {
    this.send(Buffer.concat(chunks.map(({ chunk }) => chunk)), done);
  }

  private send(bytes: Buffer, done: (error?: Error) => void) {
    if (!this.port) return done(new Error('embedded database connection not open'));
    // A small Buffer is a view into a shared 8 KB slab, which postMessage would copy whole:
    // an exact copy, handed over rather than copied again, costs a quarter of that.
    const exact = new Uint8Array(bytes);
    this.port.postMessage(exact, [exact.buffer]);
    done();
  }

  override _final(done: () => void) {
    this.port?.close();
    done();
  }

  override _destroy(error: Error | null, done: (error: Error | null) => void) {
    this.port?.close();
    done(error);
  }
}

/**
 * Creates a new data folder in a process of its own: initdb grows PGlite's memory to several
 * hundred MB, which neither a running instance nor an ended thread gives back to the system.
 */
async function createDataFolder(dataDir: string): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, [fileURLToPath(PGLITE_WORKER), dataDir]);
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`embedded database: ${dataDir} could not be created: ${stderr ?? error}`, {
      cause: error,
    });
  }
}

/**
 * PGlite in a worker thread, reached through node-postgres. Should the thread end other than
 * by stop() (PGlite aborted), `onFailure` hears of it once, and every query fails from then on.
 */
export async function startEmbeddedDatabase(
  source: EmbeddedSource,
  options: {
    onFailure?: (error: Error) => void;
    /** A migrated database a new folder is copied from; the build's by default. */
    template?: string;
  } = {},
): Promise<EmbeddedDatabase> {
  if ('dataDir' in source && !(await isInitialized(source.dataDir))) {
    const template = options.template ?? DATA_TEMPLATE_DIR;
    if (!(await copyDataTemplate(template, source.dataDir))) {
      await createDataFolder(source.dataDir);
    }
  }
  const worker = await startWorker(source);
  let ended = false;
  const fail = (error: Error) => {
    if (ended) return;
    ended = true;
    options.onFailure?.(error);
  };
  worker.on('error', (error) => fail(new Error(`embedded database failed: ${error.message}`)));
  worker.on('exit', (code) => fail(new Error(`embedded database stopped (exit code ${code})`)));
  const pool = new pg.Pool({
    // PGlite ignores them, but an empty user (no USER in the environment) stops it.
    user: 'postgres',
    database: 'postgres',
    // The thread runs them a transaction at a time; several let it go on with one while the
    // server reads another's result.
    max: 10,
    idleTimeoutMillis: 0,
    stream: () => new WorkerConnection(worker),
  });
  // An idle connection lost with the thread is not news: onFailure has told, queries fail.
  pool.on('error', () => undefined);
  return {
    pool,
    dumpDataDir: async () => {
      const reply = nextReply(worker, 'dumped');
      worker.postMessage({ type: 'dump' });
      return new Uint8Array(((await reply) as { bytes: ArrayBuffer }).bytes);
    },
    stop: () => {
      ended = true;
      return stopWorker(worker);
    },
    thread: worker,
  };
}
