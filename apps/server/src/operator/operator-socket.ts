import { chmod, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { OperatorCommandError, runOperatorCommand } from './commands';

const SOCKET_FILE = 'operator.sock';
const MAX_REQUEST = 64 * 1024;

export const operatorSocketPath = (config: Pick<Config, 'dataDir'>) =>
  join(config.dataDir, SOCKET_FILE);

/**
 * A Unix socket, readable by the server's own user only, on which the operator command
 * runs its commands inside the server process that holds the embedded database.
 */
export async function startOperatorSocket(options: {
  app: FastifyInstance;
  config: Config;
  db: Database;
}): Promise<{ close(): Promise<void> }> {
  const path = operatorSocketPath(options.config);
  await rm(path, { force: true });
  const server: Server = createServer((req, res) => {
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
          db: options.db,
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
