import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds the database, the generated secret and uploaded files: readable by
 * the server's user only. New files are private by the process umask; what an earlier
 * version left open is closed here at start-up.
 */
export async function keepDataPrivate(dataDir: string): Promise<void> {
  // Worker threads and child processes (the embedded database's) inherit it.
  process.umask(0o077);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  makePrivate(dataDir);
}

/**
 * Every file and folder under `folder` made its owner's alone. Synchronous: it runs while
 * the server starts, with nothing else to serve, and a thousand awaited calls of the
 * database's files take ten times as long.
 */
function makePrivate(folder: string): void {
  chmodSync(folder, 0o700);
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) makePrivate(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}
