import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, databaseUrlFor } from './database-names';

const SERVER_DIR = join(import.meta.dirname, '..');

/** Files and folders under `folder` that anyone but their owner may read or write. */
async function openToOthers(folder: string): Promise<string[]> {
  const open: string[] = [];
  if (((await stat(folder)).mode & 0o077) !== 0) open.push(folder);
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (((await stat(path)).mode & 0o077) !== 0) open.push(path);
  }
  return open;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Processes still running: a test that fails half-way must not leave a server behind. */
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

function run(script: string, env: Record<string, string>, args: string[] = []): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH, ...env },
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitReady(port: number, running: Running) {
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (running.child.exitCode !== null) throw new Error(`server exited:\n${running.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not ready:\n${running.output()}`);
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'themis-proc-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses an invalid environment variable, naming it, and exits', async () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['PUBLIC_URL', 'ftp://x'],
      ['DATABASE_URL', 'mysql://x'],
      ['LOG_LEVEL', 'loud'],
    ] as const) {
      const running = run('src/main.ts', { DATA_DIR: dataDir, [name]: value });
      expect(await running.exited, name).toBe(1);
      expect(running.output()).toContain(`${name}:`);
      expect(running.output()).not.toMatch(/\n\s+at /);
    }
  });

  it('keeps records across a restart, takes operator commands while running, and shuts down gracefully', async () => {
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' };
    // A folder left open by an earlier version is closed at start-up.
    await chmod(dataDir, 0o755);
    const first = run('src/main.ts', env);
    await waitReady(port, first);
    expect(await openToOthers(dataDir)).toEqual([]);

    const cli = run('src/cli.ts', { DATA_DIR: dataDir }, [
      'maintenance',
      'schedule',
      '--start',
      '+1d',
      '--end',
      '+26h',
      '--message-en',
      'Planned upgrade',
    ]);
    expect(await cli.exited, cli.output()).toBe(0);
    expect(cli.output()).toContain('scheduled');

    // A request still in flight when SIGTERM arrives is finished before the process exits.
    const body = JSON.stringify({ 'csp-report': { 'violated-directive': 'img-src' } });
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/csp-report',
          headers: {
            'content-type': 'application/csp-report',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 300);
      }, 200);
    });
    expect(await inFlight).toBe(204);
    expect(await first.exited, first.output()).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = run('src/main.ts', env);
    await waitReady(port, second);
    const status = await (await fetch(`http://127.0.0.1:${port}/api/maintenance/status`)).json();
    expect(status).toMatchObject({
      is_during_maintenance: false,
      message: { en: 'Planned upgrade' },
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 90_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('the server process on PostgreSQL', () => {
  const name = `themis_proc_${process.pid}`;
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl(process.env.TEST_DATABASE_URL!) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('migrates an empty database at start-up and sees operator commands written directly', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'themis-pg-'));
    const databaseUrl = databaseUrlFor(process.env.TEST_DATABASE_URL!, name);
    const port = await freePort();
    const server = run('src/main.ts', {
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
    });
    try {
      await waitReady(port, server);
      const cli = run(
        'src/cli.ts',
        { DATABASE_URL: databaseUrl, DATA_DIR: join(dataDir, 'elsewhere') },
        ['maintenance', 'on', '--message-pl', 'Przerwa'],
      );
      expect(await cli.exited, cli.output()).toBe(0);
      // Another instance's cache lets a change through within a few seconds.
      let status: { is_during_maintenance?: boolean; message?: { pl: string } } = {};
      for (let i = 0; i < 50 && !status.is_during_maintenance; i++) {
        status = (await (
          await fetch(`http://127.0.0.1:${port}/api/maintenance/status`)
        ).json()) as typeof status;
        if (!status.is_during_maintenance) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toMatchObject({ is_during_maintenance: true, message: { pl: 'Przerwa' } });
    } finally {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
