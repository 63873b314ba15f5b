import { chmod, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The data folder holds the database, the generated secret and uploaded files: readable by
 * the server's user only. New files are private by the process umask; what an earlier
 * version left open is closed here at start-up.
 */
export async function keepDataPrivate(dataDir: string): Promise<void> {
  // Worker threads and child processes (the embedded database's) inherit it.
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await tighten(dataDir);
}

async function tighten(folder: string): Promise<void> {
  await chmod(folder, 0o700);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await tighten(path);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}
