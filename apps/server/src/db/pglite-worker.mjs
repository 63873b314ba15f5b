// The embedded database (PGlite) in a thread of its own, so that its queries never hold up the
// server's event loop. Plain JavaScript: it runs as it is under the test runner and in dist/.
//
// The server reaches it with node-postgres through MessagePorts that carry PostgreSQL's wire
// protocol (embedded-database.ts). PGlite has one session, so one connection is served at a
// time; the next waits until it closes.
//
// Run as a process of its own (`node pglite-worker.mjs <folder>`), it creates a new data
// folder and exits, returning the memory initdb takes to the system.
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

const connections = { active: undefined, waiting: [] };
let pumping = false;

/** Runs the active connection's messages in order; a closed one hands over to the next. */
async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      const connection = (connections.active ??= connections.waiting.shift());
      if (!connection) return;
      if (connection.inbox.length > 0) {
        await execute(connection, connection.inbox.shift());
      } else if (!connection.open) {
        // A client that went away mid-transaction must not leave it to the next one.
        if (connection.status !== IDLE) await db.exec('ROLLBACK').catch(() => undefined);
        connections.active = undefined;
      } else {
        return;
      }
    }
  } finally {
    pumping = false;
  }
}

async function execute(connection, message) {
  // The client's goodbye: the port closes next. PGlite itself would shut down on it.
  if (message[0] === TERMINATE) return;
  try {
    const reply = await db.execProtocolRaw(message);
    connection.status = statusAfter(reply) ?? connection.status;
    if (connection.open && reply.length > 0) connection.port.postMessage(reply);
  } catch {
    // PGlite answers SQL errors in the protocol; a throw means the connection is unusable.
    connection.open = false;
    connection.port.close();
  }
}

function accept(port) {
  const connection = { port, inbox: [], open: true, status: IDLE };
  port.on('message', (message) => {
    connection.inbox.push(message);
    void pump();
  });
  port.on('close', () => {
    connection.open = false;
    void pump();
  });
  connections.waiting.push(connection);
  void pump();
}

async function close() {
  for (const connection of [connections.active, ...connections.waiting]) connection?.port.close();
  await db.close();
  parentPort.postMessage({ type: 'closed' });
  parentPort.close();
}

/**
 * PGlite's own start parameters plus a smaller buffer cache: its 128 MB default lives in the
 * server process, and 16 MB holds a single machine's working set.
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

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

let db;
if (isMainThread) {
  const created = await PGlite.create({ dataDir: process.argv[2], startParams: START_PARAMS });
  await created.close();
} else {
  try {
    const { dataDir, dump } = workerData;
    db = await PGlite.create({
      ...(dataDir !== undefined && { dataDir }),
      ...(dump !== undefined && { loadDataDir: new Blob([dump]) }),
      startParams: START_PARAMS,
    });
    listen();
    parentPort.postMessage({ type: 'ready' });
  } catch (error) {
    parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error) });
    parentPort.close();
  }
}
