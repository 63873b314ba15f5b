import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnvFile } from '../../../../deploy/local-cluster.mjs';
import { pdfWithText } from '../attachment-files';
import { emptyRedis, scratchDatabase, startModelProvider } from './cluster';
import { holdAnswers, question, signedUpBrowser } from './cluster-client';

// The deployment guide's "Try it on one machine", as a newcomer runs it: the example
// environment file with a secret added, then `node deploy/local-cluster.mjs --env FILE`. Only
// what must differ on a shared test machine changes: a database and Redis number of its own,
// free ports, and a folder of its own for the instances, nginx and the files; and a model
// provider, for an answer being written when Ctrl-C comes.

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

const portIsFree = (port: number) =>
  new Promise<boolean>((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });

/** Two free ports in a row, for the instances the launcher numbers from the first. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 30_000);
    if ((await portIsFree(port)) && (await portIsFree(port + 1))) return port;
  }
}

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Resolves with what the launcher printed once `line` appears in it. */
function printed(launcher: ChildProcess, line: string): Promise<string> {
  let output = '';
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes(line)) done(output);
    };
    launcher.stdout!.on('data', onData);
    launcher.stderr!.on('data', onData);
    launcher.once('exit', (code) => fail(new Error(`the launcher exited (${code}):\n${output}`)));
  });
}

describe("the deployment guide's local cluster", () => {
  it('serves one site through nginx from two instances, the files in its local S3 server', async () => {
    const work = await mkdtemp(join(tmpdir(), 'themis-local-cluster-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const database = await scratchDatabase(
      `themis_local_${process.pid}_${randomBytes(3).toString('hex')}`,
    );
    cleanups.push(() => database.drop());
    const model = await startModelProvider();
    cleanups.push(() => model.close());

    const firstPort = await freePortPair();
    const nginxPort = firstPort + 2;
    expect(await portIsFree(nginxPort)).toBe(true);
    const example = await readFile(join(ROOT, 'deploy', 'local-cluster.env.example'), 'utf8');
    const s3Dir = join(work, 's3');
    const env = {
      ...parseEnvFile(example),
      APP_SECRET: randomBytes(48).toString('base64'),
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      DATABASE_URL: database.url,
      REDIS_URL: await emptyRedis(6),
      LOCAL_S3_DIR: s3Dir,
      ...model.env,
    };
    const envFile = join(work, 'local-cluster.env');
    await writeFile(
      envFile,
      Object.entries(env)
        .map(([name, value]) => `${name}=${value}`)
        .join('\n'),
    );

    const launcher = spawn(
      process.execPath,
      [
        'deploy/local-cluster.mjs',
        ...['--env', envFile, '--first-port', String(firstPort), '--port', String(nginxPort)],
        ...['--work', join(work, 'instances')],
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((done) => launcher.once('exit', done));
    cleanups.push(async () => {
      if (launcher.exitCode === null) launcher.kill('SIGKILL');
      await exited;
    });
    const site = `http://127.0.0.1:${nginxPort}`;
    const output = await printed(launcher, `Themis is served through nginx at ${site}`);
    expect(output).toContain(`instance-1 is up on http://127.0.0.1:${firstPort}`);
    expect(output).toContain(`instance-2 is up on http://127.0.0.1:${firstPort + 1}`);

    // Signed up through nginx; the session holds on either instance (one database, one secret).
    const { browser } = await signedUpBrowser({ url: site });
    for (const port of [firstPort, firstPort + 1]) {
      const me = await browser.call('GET', '/api/user/get', undefined, `http://127.0.0.1:${port}`);
      expect([port, me.status]).toEqual([port, 200]);
    }
    // A document uploaded through nginx lands in the local S3 server's folder.
    const created = await browser.call('POST', '/api/conversation/create', {});
    expect(created.status, created.text).toBe(201);
    const form = new FormData();
    form.append('file', new Blob([pdfWithText(['Umowa najmu, par. 7: kaucja.'])]), 'umowa.pdf');
    const upload = await fetch(
      `${site}/api/conversation/attachment/upload/${String(created.json().pk)}`,
      {
        method: 'POST',
        headers: { origin: site, cookie: `access=${browser.cookie('access')}` },
        body: form,
      },
    );
    expect(upload.status, await upload.clone().text()).toBe(201);
    expect(await readdir(s3Dir, { recursive: true })).toContainEqual(
      expect.stringMatching(/^themis-uploads\/.+/),
    );
    // The chat's WebSocket is upgraded through nginx; an answer is being written.
    const release = holdAnswers(model);
    cleanups.push(async () => release());
    const tab = await browser.socket();
    tab.send(question(String(created.json().pk)));
    await tab.next('chat.delta', undefined, 30_000);

    // Ctrl-C (SIGINT) stops everything it started, the instances first: while one finishes
    // its answer (20 s of grace at most), nginx still serves it.
    launcher.kill('SIGINT');
    expect(await tab.closed).toBe(1012);
    const during = await browser.call('GET', '/api/conversation/list');
    expect(during.status, during.text).toBe(200);
    release();
    expect(await exited).toBe(0);
    for (const port of [firstPort, firstPort + 1, nginxPort]) {
      expect([port, await portIsFree(port)]).toEqual([port, true]);
    }
  });
});
