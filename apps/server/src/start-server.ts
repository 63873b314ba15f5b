import type { Worker } from 'node:worker_threads';
import { resolveAppSecret } from './app-secret';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { reportCrashes } from './platform/error-reporting/error-reporter';
import { startErrorReporting } from './platform/error-reporting/start-error-reporting';
import { startOperatorSocket } from './operator/operator-socket';

/** On SIGTERM, the answers being written get this long to finish. */
const ANSWER_GRACE_MS = 20_000;
/** Past this the process exits anyway (systemd's TimeoutStopSec must be longer). */
const SHUTDOWN_LIMIT_MS = 35_000;

/**
 * The server on a checked configuration and its private data folder; the embedded database's
 * thread, when there is one, already starting (see main.ts).
 */
export async function startServer(initial: Config, databaseThread: Promise<Worker> | undefined) {
  const errorReporter = await startErrorReporting(initial);
  reportCrashes(errorReporter, 2000);
  const config = await resolveAppSecret(initial);
  const database = await openDatabase({
    ...config,
    databaseThread,
    // Without its database the server can only fail every request: better to stop, so that
    // whatever supervises it starts it again.
    onFailure: (error) => {
      console.error('Themis stops:', error.message);
      process.exit(1);
    },
  });
  await runMigrations(database);
  const app = await buildApp(config, { database, errorReporter });
  // The embedded database takes one process only, so operator commands reach it through us.
  const operator =
    database.kind === 'pglite' ? await startOperatorSocket({ app, config, database }) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests and answers');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    timer.unref();
    // Answers being written get their time; the tabs reconnect to another instance meanwhile
    // and follow them there. What is left after the grace ends as an error, text kept.
    await app.drain(ANSWER_GRACE_MS);
    // Keep-alive connections that finish their request after close() began would hold it open.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    await operator?.close();
    await app.close();
    clearInterval(sweep);
    await errorReporter.flush(2000);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { url: config.publicUrl.origin, database: database.kind, mode: config.env },
    'Themis is ready',
  );
}
