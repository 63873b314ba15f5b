import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config';
import { startDatabaseThread } from './db/database-thread';
import { PGLITE_FOLDER } from './paths';
import { keepDataPrivate } from './private-files';

// Streaming answers makes garbage fast; by default V8 then lets the heap grow up to fourfold
// between full collections. A 10% step keeps the server's memory near what it holds.
setFlagsFromString('--heap-growing-percent=10');

// The entry, kept light: the embedded database's thread is started before the server's
// modules load, so that PGlite starts on another core meanwhile (both took a second each,
// one after the other).
async function main() {
  const config = loadConfig();
  await keepDataPrivate(config.dataDir);
  const databaseThread = config.databaseUrl
    ? undefined
    : startDatabaseThread({ dataDir: join(config.dataDir, PGLITE_FOLDER) });
  // Awaited, and its failure reported, once the server opens the database.
  databaseThread?.catch(() => undefined);
  const { startServer } = await import('./start-server');
  await startServer(config, databaseThread);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Themis failed to start:', error);
  }
  process.exit(1);
});
