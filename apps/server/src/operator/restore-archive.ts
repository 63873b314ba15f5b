import { createReadStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { createGunzip } from 'node:zlib';
import { APP_VERSION } from '@themis/shared';
import { PGLITE_FOLDER } from '../paths';
import {
  APP_SECRET_FILE,
  BACKUP_CONTENTS,
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  MANIFEST_PATH,
  MAX_ENTRY_BYTES,
  ZBackupManifest,
  type BackupManifest,
} from './backup-archive';
import { readTar, TarFormatError, type TarEntry } from './tar';

/** The archive cannot be restored; nothing it held is kept. */
export class BadBackupError extends Error {
  override name = 'BadBackupError';
}

function readManifest(data: Buffer): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    throw new BadBackupError('its manifest is not JSON');
  }
  const { format, format_version: version } = (json ?? {}) as Record<string, unknown>;
  if (format !== BACKUP_FORMAT) throw new BadBackupError('it is not a Themis backup');
  if (version !== BACKUP_FORMAT_VERSION) {
    throw new BadBackupError(
      `it is in backup format ${String(version)}; Themis ${APP_VERSION} reads format ${BACKUP_FORMAT_VERSION}`,
    );
  }
  const parsed = ZBackupManifest.safeParse(json);
  if (!parsed.success) throw new BadBackupError('its manifest is not a Themis backup manifest');
  return parsed.data;
}

/**
 * The entry's path if it stays inside the data folder and belongs to a backup: relative,
 * no "." or ".." segment, no backslash, under one of the names a backup holds.
 */
function checkedPath(path: string): string {
  const segments = path.split('/');
  const inside =
    path.length > 0 &&
    !path.startsWith('/') &&
    !/[\\\0]/.test(path) &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..');
  if (!inside) throw new BadBackupError(`the entry "${path}" would land outside DATA_DIR`);
  const top = segments[0] as (typeof BACKUP_CONTENTS)[number];
  if (!BACKUP_CONTENTS.includes(top) || (top === APP_SECRET_FILE && segments.length > 1)) {
    throw new BadBackupError(`the entry "${path}" is not part of a Themis backup`);
  }
  return path;
}

const GZIP_ERRORS = new Set(['Z_DATA_ERROR', 'Z_BUF_ERROR']);
const CLASHES = new Set(['EEXIST', 'EISDIR', 'ENOTDIR']);

async function writeEntry(root: string, entry: TarEntry): Promise<void> {
  const target = join(root, checkedPath(entry.path));
  // Checked again on the resolved path, as the file storage does with its keys.
  if (!target.startsWith(root + sep)) throw new BadBackupError('an entry leaves DATA_DIR');
  try {
    if (entry.type === 'directory') {
      await mkdir(target, { recursive: true, mode: 0o700 });
    } else {
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      // 'wx': an entry given twice, or over a folder, is refused, never merged.
      await writeFile(target, entry.data, { flag: 'wx', mode: 0o600 });
    }
  } catch (error) {
    if (!CLASHES.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
    throw new BadBackupError(`the entry "${entry.path}" clashes with another`);
  }
}

/**
 * Unpacks a backup into `folder` (new and empty), files readable by their owner only. The
 * manifest must come first and name a format this version reads; a link, a special file or
 * a path leaving the folder stops the whole restore.
 */
export async function unpackBackup(options: {
  file: string;
  folder: string;
}): Promise<BackupManifest> {
  const root = resolve(options.folder);
  const input = createReadStream(options.file);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let manifest: BackupManifest | undefined;
  let hasDatabase = false;
  try {
    for await (const entry of readTar(gunzip, MAX_ENTRY_BYTES)) {
      if (!manifest) {
        if (entry.path !== MANIFEST_PATH || entry.type !== 'file')
          throw new BadBackupError(`it does not start with ${MANIFEST_PATH}`);
        manifest = readManifest(entry.data);
        continue;
      }
      await writeEntry(root, entry);
      if (entry.path === `${PGLITE_FOLDER}/PG_VERSION` && entry.type === 'file') hasDatabase = true;
    }
  } catch (error) {
    if (error instanceof TarFormatError) throw new BadBackupError(error.message);
    if (GZIP_ERRORS.has((error as NodeJS.ErrnoException).code ?? ''))
      throw new BadBackupError('it is not a gzip file, or it is cut short');
    throw error;
  } finally {
    input.destroy();
  }
  if (!manifest) throw new BadBackupError('it is empty');
  if (!hasDatabase) throw new BadBackupError('it holds no database');
  return manifest;
}
