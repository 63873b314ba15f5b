import { open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { z } from 'zod';
import { APP_VERSION } from '@themis/shared';
import { PGLITE_FOLDER } from '../paths';
import { OperatorCommandError } from './commands';
import { readTar, tarEntryBlocks, TAR_END, type TarEntry } from './tar';

/**
 * A backup is a gzipped POSIX tar laid out as DATA_DIR is, so that restoring it is unpacking
 * it: manifest.json first, then pglite/ (the embedded database), files/ (uploads kept on
 * disk) and app-secret (the generated APP_SECRET), each when there is one.
 */
export const MANIFEST_PATH = 'manifest.json';
export const BACKUP_FORMAT = 'themis-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const FILES_FOLDER = 'files';
/** The secret app-secret.ts generates outside production: wrapped keys need it. */
export const APP_SECRET_FILE = 'app-secret';
/** The top-level names a backup may hold besides its manifest. */
export const BACKUP_CONTENTS = [PGLITE_FOLDER, FILES_FOLDER, APP_SECRET_FILE] as const;
/** Larger than any file either writes: PostgreSQL splits tables into 1 GB segments. */
export const MAX_ENTRY_BYTES = 1024 ** 3 + 1024 ** 2;

export const ZBackupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int(),
  app_version: z.string(),
  created_at: z.string(),
  contents: z.array(z.enum(BACKUP_CONTENTS)),
});
export type BackupManifest = z.infer<typeof ZBackupManifest>;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** PGlite's dump as entries under pglite/; its lock file belongs to the running server. */
async function* databaseEntries(dump: Uint8Array): AsyncGenerator<TarEntry> {
  yield { path: PGLITE_FOLDER, type: 'directory', data: Buffer.alloc(0) };
  const bytes = Buffer.from(dump.buffer, dump.byteOffset, dump.byteLength);
  for await (const entry of readTar([bytes], MAX_ENTRY_BYTES)) {
    const path = entry.path.replace(/^\/+/, '');
    if (path === '' || path === 'postmaster.pid') continue;
    yield { ...entry, path: `${PGLITE_FOLDER}/${path}` };
  }
}

/**
 * Uploaded files, folders before what they hold. Dot-files are the storage's writes in
 * progress; a file removed since the listing is left out.
 */
async function* storedFileEntries(dataDir: string): AsyncGenerator<TarEntry> {
  const root = join(dataDir, FILES_FOLDER);
  const found = await readdir(root, { recursive: true, withFileTypes: true }).catch(
    (error: unknown) => {
      if (isMissing(error)) return [];
      throw error;
    },
  );
  yield { path: FILES_FOLDER, type: 'directory', data: Buffer.alloc(0) };
  const listed = found
    .map((entry) => ({ entry, path: relative(root, join(entry.parentPath, entry.name)) }))
    .filter(({ path }) => !path.split(sep).some((segment) => segment.startsWith('.')))
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const { entry, path } of listed) {
    const archived = `${FILES_FOLDER}/${path.split(sep).join('/')}`;
    if (entry.isDirectory()) {
      yield { path: archived, type: 'directory', data: Buffer.alloc(0) };
    } else if (entry.isFile()) {
      const data = await readFile(join(root, path)).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (data) yield { path: archived, type: 'file', data };
    }
  }
}

async function* archiveBytes(entries: AsyncIterable<TarEntry>, now: Date) {
  for await (const entry of entries) yield* tarEntryBlocks(entry, now);
  yield TAR_END;
}

/**
 * Writes the backup to `<file>.tmp` (new, readable by its owner only), flushes it to disk and
 * renames it to `file`, so `file` is never half written.
 */
export async function writeBackupArchive(options: {
  file: string;
  dataDir: string;
  dump: Uint8Array;
  /** Uploads are kept in DATA_DIR/files (not in an S3 bucket). */
  withFiles: boolean;
  now: Date;
}): Promise<BackupManifest> {
  const { file, dataDir, dump, withFiles, now } = options;
  const secret = await readFile(join(dataDir, APP_SECRET_FILE)).catch((error: unknown) => {
    if (isMissing(error)) return undefined;
    throw error;
  });
  const contents: BackupManifest['contents'] = [PGLITE_FOLDER];
  if (withFiles) contents.push(FILES_FOLDER);
  if (secret) contents.push(APP_SECRET_FILE);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    format_version: BACKUP_FORMAT_VERSION,
    app_version: APP_VERSION,
    created_at: now.toISOString(),
    contents,
  };
  async function* entries(): AsyncGenerator<TarEntry> {
    const data = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    yield { path: MANIFEST_PATH, type: 'file', data };
    yield* databaseEntries(dump);
    if (withFiles) yield* storedFileEntries(dataDir);
    if (secret) yield { path: APP_SECRET_FILE, type: 'file', data: secret };
  }
  const temporary = `${file}.tmp`;
  // 'wx': a temporary file already there is another backup's, and is left alone.
  const handle = await open(temporary, 'wx', 0o600).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new OperatorCommandError(
      `${temporary} exists (another backup, or one that failed): remove it, then back up again`,
    );
  });
  try {
    await pipeline(archiveBytes(entries(), now), createGzip(), handle.createWriteStream());
    const written = await open(temporary, 'r');
    await written.sync().finally(() => written.close());
    await rename(temporary, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  return manifest;
}
