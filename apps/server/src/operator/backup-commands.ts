import { randomBytes } from 'node:crypto';
import { access, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import type { Config } from '../config';
import { openEmbeddedDatabase } from '../db/client';
import { PGLITE_FOLDER } from '../paths';
import { keepDataPrivate } from '../private-files';
import { APP_SECRET_FILE, FILES_FOLDER, writeBackupArchive } from './backup-archive';
import { OperatorCommandError, parseOperatorArgs } from './commands';
import { dumpEmbeddedDatabase } from './database-dump';
import { isServerRunning, requestDatabaseDump } from './operator-socket';
import { BadBackupError, unpackBackup } from './restore-archive';

// `backup` and `restore` run in the operator command's own process: the archive is written
// and read there, and only the database copy comes from a running server.

export const isArchiveCommand = (args: string[]) => args[0] === 'backup' || args[0] === 'restore';

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const CONTENT_NAMES: Record<string, string> = {
  [PGLITE_FOLDER]: 'the database',
  [FILES_FOLDER]: 'the uploaded files',
  [APP_SECRET_FILE]: 'the generated app secret',
};
const describeContents = (contents: string[]) =>
  new Intl.ListFormat('en', { type: 'conjunction' }).format(
    contents.map((name) => CONTENT_NAMES[name] ?? name),
  );

/** Runs `backup FILE [--force]` or `restore FILE [--force]`; returns what to print. */
export async function runArchiveCommand(options: {
  config: Config;
  args: string[];
  now: Date;
}): Promise<string> {
  const parsed = parseOperatorArgs(options.args, {
    force: { type: 'boolean', default: false },
  });
  const [command, file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) throw new OperatorCommandError(`${command} takes one FILE`);
  const run = command === 'backup' ? backup : restore;
  return run({ ...options, file: resolve(file), force: parsed.values.force });
}

interface ArchiveOptions {
  config: Config;
  file: string;
  force: boolean;
  now: Date;
}

async function backup({ config, file, force, now }: ArchiveOptions): Promise<string> {
  if (config.databaseUrl) {
    throw new OperatorCommandError(
      'backup copies the embedded database only: with DATABASE_URL set, use pg_dump; see docs/deployment.md',
    );
  }
  const dataDir = resolve(config.dataDir);
  if (file.startsWith(dataDir + sep)) {
    throw new OperatorCommandError('write the backup outside DATA_DIR, which it copies');
  }
  if (!force && (await exists(file))) {
    throw new OperatorCommandError(`${file} exists; pass --force to replace it`);
  }
  // A running server holds the database: it makes the copy. Otherwise no one does, and the
  // database is opened here, as the other commands do.
  const dump = (await requestDatabaseDump({ dataDir })) ?? (await dumpStoppedDatabase(dataDir));
  const manifest = await writeBackupArchive({ file, dataDir, dump, withFiles: !config.s3, now });
  return [
    `Backup written to ${file}: ${describeContents(manifest.contents)}.`,
    "It holds everyone's data: keep it where only you can read it.",
    ...(config.s3
      ? ['Uploaded files are in the S3 bucket, not in this backup: back it up too.']
      : []),
    ...(config.appSecret
      ? ['APP_SECRET is not in this backup: the restored data needs the same value.']
      : []),
  ].join('\n');
}

async function dumpStoppedDatabase(dataDir: string): Promise<Uint8Array> {
  const folder = join(dataDir, PGLITE_FOLDER);
  if (!(await exists(join(folder, 'PG_VERSION')))) {
    throw new OperatorCommandError(`${dataDir} holds no embedded database to back up`);
  }
  await keepDataPrivate(dataDir);
  const database = await openEmbeddedDatabase({ dataDir: folder });
  try {
    return await dumpEmbeddedDatabase(database);
  } finally {
    await database.close();
  }
}

const timestamp = (now: Date) =>
  now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

async function restore({ config, file, force, now }: ArchiveOptions): Promise<string> {
  if (config.databaseUrl) {
    throw new OperatorCommandError(
      'restore fills the embedded database only: with DATABASE_URL set, use pg_restore; see docs/deployment.md',
    );
  }
  const dataDir = resolve(config.dataDir);
  if (await isServerRunning({ dataDir })) {
    throw new OperatorCommandError(`a Themis server is running on ${dataDir}: stop it first`);
  }
  if (!(await exists(file))) throw new OperatorCommandError(`${file} does not exist`);
  await keepDataPrivate(dataDir);
  const existing = await readdir(dataDir);
  const aside = `${dataDir}.before-restore-${timestamp(now)}`;
  if (existing.length > 0 && !force) {
    const what = existing.includes(PGLITE_FOLDER) ? 'a database' : 'files';
    throw new OperatorCommandError(
      `${dataDir} already holds ${what}: restore into an empty DATA_DIR, or pass --force to move it aside to ${aside}`,
    );
  }
  // Unpacked inside DATA_DIR (the same file system, even when it is a mount point) and
  // moved into place only once the whole archive has been read and found sound.
  const staging = join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  let manifest;
  try {
    manifest = await unpackBackup({ file, folder: staging });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (error instanceof BadBackupError) {
      throw new OperatorCommandError(`${file} cannot be restored: ${error.message}`);
    }
    throw error;
  }
  let unpacked = staging;
  if (existing.length > 0) {
    try {
      await rename(dataDir, aside);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      throw new OperatorCommandError(
        `${dataDir} could not be moved aside (${(error as NodeJS.ErrnoException).code}): empty it by hand, then restore`,
      );
    }
    await mkdir(dataDir, { mode: 0o700 });
    unpacked = join(aside, basename(staging));
  }
  for (const name of await readdir(unpacked)) {
    await rename(join(unpacked, name), join(dataDir, name));
  }
  await rmdir(unpacked);
  await keepDataPrivate(dataDir);
  return [
    `Restored ${describeContents(manifest.contents)} into ${dataDir}, from a backup made ${manifest.created_at} by Themis ${manifest.app_version}.`,
    ...(existing.length > 0 ? [`What was there is kept in ${aside}.`] : []),
    ...(manifest.contents.includes(APP_SECRET_FILE)
      ? []
      : ['The backup holds no app secret: start with the APP_SECRET its server used.']),
    'Start the server: it brings the database up to date as it starts.',
  ].join('\n');
}
