import { setFlagsFromString } from 'node:v8';
import { resolveAppSecret } from './app-secret';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { reportCrashes, startErrorReporting } from './platform/error-reporting/error-reporter';
import { startOperatorSocket } from './operator/operator-socket';
import { keepDataPrivate } from './private-files';

// Streaming answers makes garbage fast; by default V8 then lets the heap grow up to fourfold
// between full collections. A 10% step keeps the server's memory near what it holds.
setFlagsFromString('--heap-growing-percent=10');

/** On SIGTERM, the answers being written get this long to finish. */
const ANSWER_GRACE_MS = 20_000;
/** Past this the process exits anyway (systemd's TimeoutStopSec must be longer). */
const SHUTDOWN_LIMIT_MS = 35_000;

async function main() {
  const initial = loadConfig();
  const errorReporter = await startErrorReporting(initial);
  reportCrashes(errorReporter, 2000);
  await keepDataPrivate(initial.dataDir);
  const config = await resolveAppSecret(initial);
  const database = await openDatabase({
    ...config,
    // Without its database the server can only fail every request: better to stop, so that
    // whatever supervises it starts it again.
    onFailure: (error) => {
      console.error('Themis stops:', error.message);
      process.exit(1);
    },
  });
  // A new embedded database is unpacked with the modes of its archive: closed again.
  await keepDataPrivate(config.dataDir);
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Themis failed to start:', error);
  }
  process.exit(1);
});
