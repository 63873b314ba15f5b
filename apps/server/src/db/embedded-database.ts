import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import pg from 'pg';
import {
  nextReply,
  startDatabaseThread,
  stopDatabaseThread,
  type EmbeddedSource,
} from './database-thread';

export type { EmbeddedSource } from './database-thread';

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
 * PGlite in a worker thread, reached through node-postgres. Should the thread end other than
 * by stop() (PGlite aborted), `onFailure` hears of it once, and every query fails from then on.
 */
export async function startEmbeddedDatabase(
  source: EmbeddedSource,
  options: {
    onFailure?: (error: Error) => void;
    /** A migrated database a new folder is copied from; the build's by default. */
    template?: string;
    /** The thread, when it was started already (the server starts it first thing). */
    thread?: Promise<Worker>;
  } = {},
): Promise<EmbeddedDatabase> {
  const worker = await (options.thread ?? startDatabaseThread(source, options.template));
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
      return stopDatabaseThread(worker);
    },
    thread: worker,
  };
}
