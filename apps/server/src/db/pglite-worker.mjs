// The embedded database (PGlite) in a thread of its own, so that its queries never hold up the
// server's event loop. Plain JavaScript: it runs as it is under the test runner and in dist/.
//
// The server reaches it with node-postgres through MessagePorts that carry PostgreSQL's wire
// protocol (embedded-database.ts).
//
// Run as a process of its own (`node pglite-worker.mjs <folder>`), it creates a new data
// folder and exits, returning the memory initdb takes to the system.
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const TERMINATE = 0x58; // 'X'
const READY_FOR_QUERY = 0x5a; // 'Z'
const IDLE = 0x49; // 'I': no transaction open

/** The transaction status of the ReadyForQuery that ends a reply, if it ends with one. */
function statusAfter(reply) {
  const at = reply.length - 6;
  return at >= 0 && reply[at] === READY_FOR_QUERY ? reply[reply.length - 1] : undefined;
}

/**
 * Every open connection, and what they sent, in arrival order. PGlite has one session, so
 * connections take turns a transaction at a time, as a transaction-mode pooler would: while
 * one has a transaction (or an unfinished extended query) open, only its messages run.
 */
const connections = new Set();
const queue = [];
let owner;
let pumping = false;

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      const index = owner ? queue.findIndex((item) => item.connection === owner) : 0;
      if (owner && index < 0) {
        if (owner.open) return;
        // A client that went away mid-transaction must not leave it to the next one.
        await db.exec('ROLLBACK').catch(() => undefined);
        owner = undefined;
        continue;
      }
      if (queue.length === 0) return;
      const [{ connection, message }] = queue.splice(index, 1);
      if (!connection.open) continue;
      const status = await execute(connection, message);
      owner = status === IDLE ? undefined : connection;
    }
  } finally {
    pumping = false;
  }
}

/**
 * The raw reply to one batch. Not execProtocolRaw: in PGlite 0.5 it also parses every reply
 * and keeps the results until the next execProtocol call, so memory grows with every query.
 * A chunk points into reused WASM memory, hence the copy.
 */
async function run(message) {
  const chunks = [];
  await db.execProtocolRawStream(message, { onRawData: (chunk) => chunks.push(chunk.slice()) });
  if (chunks.length === 1) return chunks[0];
  // Not Buffer.concat: a small Buffer is a view into a shared pool, all of which postMessage copies.
  const reply = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    reply.set(chunk, at);
    at += chunk.length;
  }
  return reply;
}

/** Runs one batch of messages and answers it; returns the session's status after it. */
async function execute(connection, message) {
  // The client's goodbye, which PGlite would take as its own shutdown. A transaction the
  // client leaves open stays with it, to be rolled back.
  if (message[0] === TERMINATE) {
    connection.open = false;
    return owner === connection ? undefined : IDLE;
  }
  try {
    const reply = await run(message);
    if (connection.open && reply.length > 0) connection.port.postMessage(reply);
    return statusAfter(reply);
  } catch {
    // PGlite answers SQL errors in the protocol; a throw means the connection is unusable.
    connection.open = false;
    connection.port.close();
    return undefined;
  }
}

function accept(port) {
  const connection = { port, open: true };
  connections.add(connection);
  port.on('message', (message) => {
    queue.push({ connection, message });
    void pump();
  });
  port.on('close', () => {
    connection.open = false;
    connections.delete(connection);
    void pump();
  });
}

async function close() {
  for (const connection of connections) connection.port.close();
  await db.close();
  parentPort.postMessage({ type: 'closed' });
  parentPort.close();
}

/**
 * PGlite's own start parameters plus a smaller buffer cache: its 128 MB default lives in the
 * server process, and 16 MB holds a single machine's working set. WAL segments past their
 * checkpoint are deleted, not renamed for reuse with the old records still in them: they
 * may hold conversation text since sealed or removed (removed-text.service.ts).
 */
const START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_recycle=off',
];

function listen() {
  parentPort.on('message', (request) => {
    if (request.type === 'connect') {
      accept(request.port);
    } else if (request.type === 'dump') {
      db.dumpDataDir('none')
        .then((file) => file.arrayBuffer())
        .then(
          (bytes) => parentPort.postMessage({ type: 'dumped', bytes }, [bytes]),
          (error) => parentPort.postMessage({ type: 'failed', message: String(error) }),
        );
    } else if (request.type === 'close') {
      void close();
    }
  });
}

/**
 * Fills a new data folder from the migrated template: in this thread, so that the server's
 * modules load meanwhile (creating its thousand files is most of a new folder's start). The
 * copy is made beside the folder and renamed onto it, so a copy cut short is never taken
 * for a database.
 */
function copyTemplate(template, dataDir) {
  const copy = join(dirname(dataDir), `.${Date.now()}-template-copy`);
  try {
    copyTree(template, copy);
    rmSync(dataDir, { recursive: true, force: true });
    renameSync(copy, dataDir);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function copyTree(from, to) {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) copyTree(source, target);
    else copyFileSync(source, target);
  }
}

/**
 * The database's files made the server user's alone: PGlite's file system gives the files
 * it creates (the template's, the caches it writes at start) modes of its own, whatever the
 * process umask.
 */
function makePrivate(folder) {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) makePrivate(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}

let db;
if (isMainThread) {
  const created = await PGlite.create({ dataDir: process.argv[2], startParams: START_PARAMS });
  await created.close();
} else {
  try {
    const { dataDir, dump, template } = workerData;
    if (template && !existsSync(join(dataDir, 'PG_VERSION'))) copyTemplate(template, dataDir);
    db = await PGlite.create({
      ...(dataDir !== undefined && { dataDir }),
      ...(dump !== undefined && { loadDataDir: new Blob([dump]) }),
      startParams: START_PARAMS,
    });
    if (dataDir !== undefined) makePrivate(dataDir);
    listen();
    parentPort.postMessage({ type: 'ready' });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error) });
    parentPort.close();
  }
}
