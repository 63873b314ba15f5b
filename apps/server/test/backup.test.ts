import { access, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { runArchiveCommand } from '../src/operator/backup-commands';
import { OperatorCommandError } from '../src/operator/commands';
import { startOperatorSocket } from '../src/operator/operator-socket';
import { createTestApp, testConfig, type TestApp } from './app';
import { pathOf, signedUpWithPicture } from './avatar-fixtures';
import { manifestEntry, rawArchive, SOUND_START, type RawEntry } from './backup-archives';

// Backups are of the embedded setup: every app here runs on an embedded database kept in its
// own DATA_DIR, whichever database the rest of the suite uses.

/** The app as `npm start` runs it on DATA_DIR: the embedded database there, migrated. */
async function appOnDataDir(dataDir: string): Promise<TestApp> {
  const database = await openDatabase({ databaseUrl: undefined, dataDir });
  await runMigrations(database);
  return createTestApp({ database, env: { DATA_DIR: dataDir } });
}

/** What `npm run themis -- <args>` does for backup and restore, on DATA_DIR. */
const themis = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  runArchiveCommand({ config: testConfig({ DATA_DIR: dataDir, ...env }), args, now: new Date() });

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/** Files and folders under `folder` that anyone but their owner may read or write. */
async function openToOthers(folder: string): Promise<string[]> {
  const paths = [folder];
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    paths.push(join(entry.parentPath, entry.name));
  const open = [];
  for (const path of paths) if (((await stat(path)).mode & 0o077) !== 0) open.push(path);
  return open;
}

let root: string;
let source: TestApp;
let sourceDir: string;
let socket: { close(): Promise<void> };
let alice: Awaited<ReturnType<typeof signedUpWithPicture>>;
let conversationId: string;
let archive: string;
let backupOutput: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'themis-backup-'));
  sourceDir = join(root, 'source');
  source = await appOnDataDir(sourceDir);
  // As main.ts does for a server on the embedded database.
  socket = await startOperatorSocket({
    app: source.app,
    config: source.config,
    database: source.database,
  });
  alice = await signedUpWithPicture(source);
  const created = await alice.client.post('/api/conversation/create', { name: 'Najem lokalu' });
  expect(created.statusCode, created.body).toBe(201);
  conversationId = created.json().pk;
  archive = join(root, 'backup.tar.gz');
  backupOutput = await themis(sourceDir, ['backup', archive]);
});

afterAll(async () => {
  await socket?.close();
  await source?.close();
  await rm(root, { recursive: true, force: true });
});

describe('backup and restore of the embedded setup', () => {
  let restoredDir: string;

  it('copies a running server through its socket; the restored DATA_DIR serves the same data', async () => {
    expect(backupOutput).toContain(`Backup written to ${archive}`);
    expect(source.logs.join('')).toContain('database copied for a backup');
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect(await exists(`${archive}.tmp`)).toBe(false);
    const picture = await alice.client.get(pathOf(alice.url));
    expect(picture.statusCode).toBe(200);

    restoredDir = join(root, 'restored');
    const output = await themis(restoredDir, ['restore', archive]);
    expect(output).toContain(`into ${restoredDir}`);
    expect(await openToOthers(restoredDir)).toEqual([]);
    expect((await readdir(restoredDir)).sort()).toEqual(['files', 'pglite']);

    const restored = await appOnDataDir(restoredDir);
    try {
      const client = alice.client.onInstance(restored.app);
      const me = await client.get('/api/user/get');
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email: alice.email });
      const list = await client.get('/api/conversation/list');
      expect(JSON.stringify(list.json())).toContain(conversationId);
      const conversation = await client.get(`/api/conversation/get/${conversationId}`);
      expect(conversation.json()).toMatchObject({ name: 'Najem lokalu' });
      const restoredPicture = await client.get(pathOf(alice.url));
      expect(restoredPicture.statusCode).toBe(200);
      expect(restoredPicture.rawPayload.equals(picture.rawPayload)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('with no server running, opens the database itself', async () => {
    const again = join(root, 'again.tar.gz');
    expect(await themis(restoredDir, ['backup', again])).toContain('Backup written');
    const copyDir = join(root, 'copy');
    await themis(copyDir, ['restore', again]);
    expect(await readFile(join(copyDir, 'pglite', 'PG_VERSION'), 'utf8')).toBe(
      await readFile(join(sourceDir, 'pglite', 'PG_VERSION'), 'utf8'),
    );
    const pictures = (await readdir(join(copyDir, 'files'), { recursive: true })).filter((path) =>
      path.endsWith('.webp'),
    );
    expect(pictures).toHaveLength(1);
  });
});

describe('backup refuses', () => {
  it('to replace an existing FILE unless --force', async () => {
    const before = await readFile(archive);
    await expect(themis(sourceDir, ['backup', archive])).rejects.toThrow(
      `${archive} exists; pass --force to replace it`,
    );
    expect((await readFile(archive)).equals(before)).toBe(true);
    await themis(sourceDir, ['backup', archive, '--force']);
    expect((await readFile(archive)).equals(before)).toBe(false);
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
  });

  it("to touch another backup's temporary file", async () => {
    const file = join(root, 'busy.tar.gz');
    await writeFile(`${file}.tmp`, 'in progress');
    await expect(themis(sourceDir, ['backup', file])).rejects.toThrow(`${file}.tmp exists`);
    expect(await readFile(`${file}.tmp`, 'utf8')).toBe('in progress');
    expect(await exists(file)).toBe(false);
  });

  it('to write inside DATA_DIR, which it copies', async () => {
    const file = join(sourceDir, 'files', 'backup.tar.gz');
    await expect(themis(sourceDir, ['backup', file])).rejects.toThrow('outside DATA_DIR');
  });

  it('under DATABASE_URL, pointing to pg_dump', async () => {
    const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/themis' };
    const file = join(root, 'postgres.tar.gz');
    await expect(themis(join(root, 'pg-data'), ['backup', file], env)).rejects.toThrow(
      'use pg_dump; see docs/deployment.md',
    );
    await expect(themis(join(root, 'pg-data'), ['restore', archive], env)).rejects.toThrow(
      OperatorCommandError,
    );
    expect(await exists(file)).toBe(false);
  });
});

describe('restore refuses', () => {
  it('while a server runs on that DATA_DIR', async () => {
    await expect(themis(sourceDir, ['restore', archive, '--force'])).rejects.toThrow(
      `a Themis server is running on ${sourceDir}: stop it first`,
    );
    expect((await readdir(root)).some((name) => name.includes('before-restore'))).toBe(false);
  });

  it('a DATA_DIR holding data unless --force, which keeps that data aside', async () => {
    const dataDir = join(root, 'occupied');
    await mkdir(join(dataDir, 'pglite'), { recursive: true });
    await writeFile(join(dataDir, 'pglite', 'marker'), 'old');
    await expect(themis(dataDir, ['restore', archive])).rejects.toThrow(
      `${dataDir} already holds a database`,
    );
    expect(await readdir(dataDir)).toEqual(['pglite']);

    const now = new Date('2026-03-01T10:20:30.456Z');
    const config = testConfig({ DATA_DIR: dataDir });
    const output = await runArchiveCommand({ config, args: ['restore', archive, '--force'], now });
    const aside = `${dataDir}.before-restore-2026-03-01T10-20-30Z`;
    expect(output).toContain(`What was there is kept in ${aside}.`);
    expect(await readFile(join(aside, 'pglite', 'marker'), 'utf8')).toBe('old');
    expect((await readdir(aside, { recursive: true })).sort()).toEqual(['pglite', 'pglite/marker']);
    expect(await exists(join(dataDir, 'pglite', 'marker'))).toBe(false);
    expect(await exists(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  describe('an archive that is not a sound backup, writing nothing', () => {
    const refused = async (label: string, entries: (caseDir: string) => RawEntry[]) => {
      const caseDir = join(root, `hostile-${label}`);
      const dataDir = join(caseDir, 'data');
      const file = join(caseDir, 'archive.tar.gz');
      await mkdir(caseDir);
      await writeFile(file, rawArchive(entries(caseDir)));
      const restoring = themis(dataDir, ['restore', file]);
      await expect(restoring, label).rejects.toThrow(`${file} cannot be restored:`);
      expect((await readdir(caseDir)).sort()).toEqual(['archive.tar.gz', 'data']);
      expect(await readdir(dataDir)).toEqual([]);
      return restoring.catch((error: Error) => error.message);
    };

    it('with a path climbing out of DATA_DIR', async () => {
      for (const name of ['../../escaped', 'pglite/../../../escaped', 'files/../../escaped']) {
        expect(await refused(`climb${name.length}`, () => [...SOUND_START, { name }])).toMatch(
          /outside DATA_DIR/,
        );
      }
      expect(await exists(join(root, 'escaped'))).toBe(false);
    });

    it('with an absolute path', async () => {
      const message = await refused('absolute', (caseDir) => [
        ...SOUND_START,
        { name: join(caseDir, 'escaped'), data: 'x' },
      ]);
      expect(message).toMatch(/outside DATA_DIR/);
    });

    it('with a link, or a name no backup holds', async () => {
      const link = { name: 'files/users', type: '2', linkTarget: '/etc' } as const;
      expect(await refused('link', () => [...SOUND_START, link])).toMatch(/link/);
      const socketFile = { name: 'operator.sock', data: 'x' };
      expect(await refused('other', () => [...SOUND_START, socketFile])).toMatch(/not part of/);
    });

    it('of another format version, or with no manifest first', async () => {
      const newer = [manifestEntry({ format_version: 2 }), ...SOUND_START.slice(1)];
      expect(await refused('version', () => newer)).toMatch(/backup format 2; .* reads format 1/);
      expect(await refused('manifestless', () => SOUND_START.slice(1))).toMatch(/manifest/);
      const noDatabase = [manifestEntry(), { name: 'files/', type: '5' as const }];
      expect(await refused('empty', () => noDatabase)).toMatch(/holds no database/);
    });
  });
});
