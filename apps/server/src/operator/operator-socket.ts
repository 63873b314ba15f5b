import { chmod, rm } from 'node:fs/promises';
import {
  createServer,
  request as httpRequest,
  type Server,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { OperatorCommandError, runOperatorCommand } from './commands';
import { dumpEmbeddedDatabase, isEmbedded } from './database-dump';

const SOCKET_FILE = 'operator.sock';
const MAX_REQUEST = 64 * 1024;
/** The path on which the server answers with a copy of its embedded database (backups). */
const DUMP_PATH = '/database-dump';

export const operatorSocketPath = (config: Pick<Config, 'dataDir'>) =>
  join(config.dataDir, SOCKET_FILE);

/**
 * A Unix socket, readable by the server's own user only, on which the operator command
 * runs its commands inside the server process that holds the embedded database.
 */
export async function startOperatorSocket(options: {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
}): Promise<{ close(): Promise<void> }> {
  const path = operatorSocketPath(options.config);
  await rm(path, { force: true });
  const server: Server = createServer((req, res) => {
    if (req.url === DUMP_PATH) return void answerDump(options, res);
    answerCommand(options, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, resolve);
  });
  await chmod(path, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

type SocketOptions = Parameters<typeof startOperatorSocket>[0];

function answerCommand(options: SocketOptions, req: IncomingMessage, res: ServerResponse) {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    body += chunk;
    if (body.length > MAX_REQUEST) req.destroy();
  });
  req.on('end', async () => {
    const reply = (status: number, payload: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    try {
      const { args } = JSON.parse(body) as { args: unknown };
      if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
        throw new OperatorCommandError('bad request');
      const result = await runOperatorCommand({
        db: options.database.db,
        config: options.config,
        now: new Date(),
        args,
      });
      if (result.changedMaintenance) options.app.maintenance.invalidate();
      options.app.log.info({ command: args.slice(0, 2).join(' ') }, 'operator command');
      reply(200, { output: result.output });
    } catch (error) {
      if (error instanceof OperatorCommandError || error instanceof SyntaxError)
        return reply(400, { error: error.message });
      options.app.log.error({ err: error }, 'operator command failed');
      reply(500, { error: 'the command failed; see the server log' });
    }
  });
}

async function answerDump(options: SocketOptions, res: ServerResponse) {
  const { database, app } = options;
  const fail = (status: number, error: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error }));
  };
  if (!isEmbedded(database)) return fail(400, 'this server has no embedded database');
  try {
    const dump = await dumpEmbeddedDatabase(database);
    app.log.info({ bytes: dump.byteLength }, 'operator command: database copied for a backup');
    res.writeHead(200, { 'content-type': 'application/x-tar', 'content-length': dump.byteLength });
    res.end(dump);
  } catch (error) {
    app.log.error({ err: error }, 'operator command: copying the database failed');
    fail(500, 'copying the database failed; see the server log');
  }
}

/** Sends a command to a running server; undefined when no server listens on the socket. */
export function sendToRunningServer(
  config: Pick<Config, 'dataDir'>,
  args: string[],
): Promise<{ status: number; output?: string; error?: string } | undefined> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath: operatorSocketPath(config),
        method: 'POST',
        path: '/command',
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 500, ...(JSON.parse(text) as object) }),
        );
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end(JSON.stringify({ args }));
  });
}

/**
 * The running server's copy of its embedded database (see answerDump); undefined when no
 * server listens on the socket.
 */
export function requestDatabaseDump(
  config: Pick<Config, 'dataDir'>,
): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { socketPath: operatorSocketPath(config), method: 'POST', path: DUMP_PATH },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (res.statusCode === 200) return resolve(body);
          let error = `status ${res.statusCode}`;
          try {
            error = (JSON.parse(body.toString('utf8')) as { error?: string }).error ?? error;
          } catch {
            // Not our JSON: the status says enough.
          }
          reject(new OperatorCommandError(`the running server made no copy: ${error}`));
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    req.end();
  });
}

/** Whether a server answers on the operator socket of this data folder. */
export function isServerRunning(config: Pick<Config, 'dataDir'>): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = connect(operatorSocketPath(config));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(error);
    });
  });
}
