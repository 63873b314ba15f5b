import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { adminUrl, databaseUrlFor } from '../database-names';
import { findClosedPort, startFakeUpstream, type UpstreamRoute } from '../llm-upstreams';
import { startFakeS3, type FakeS3 } from '../storage-s3-server';

// Several Themis processes, as an operator runs them: the built server (`node
// apps/server/dist/main.js`) on PostgreSQL, Redis and S3 (s3rver), behind Debian's nginx
// with the site snippet of the deployment guide, no sticky sessions.

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const SERVER = join(ROOT, 'apps', 'server', 'dist', 'main.js');
const PROXY_SNIPPET = join(ROOT, 'deploy', 'nginx', 'themis-proxy.conf');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const CLUSTER_MODEL = 'openai:gpt-cluster';

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/** Polls `url` until it answers 200 (a process starting), or fails after `timeoutMs`. */
export async function untilUp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly url: string;
  process: ChildProcess;
  /** What the process printed, for a failing test's message. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null>;
  /** Starts the process again on the same port (after it was killed or stopped). */
  restart(): Promise<void>;
}

export interface Cluster {
  /** nginx's address: what the browser talks to. */
  readonly url: string;
  /** The instances' database, for operator commands. */
  readonly databaseUrl: string;
  readonly instances: Instance[];
  readonly s3: FakeS3;
  /** The instances' S3 bucket. */
  readonly bucket: string;
  /** A query on the instances' database, as an operator would look. */
  query(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  /** The model provider's answers, replaced by a test. */
  answerWith(route: UpstreamRoute): void;
  close(): Promise<void>;
}

interface ClusterOptions {
  instances?: number;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
}

function requiredUrl(name: string, fallback: string): string {
  return process.env[name] ?? fallback;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const postgres = requiredUrl('TEST_DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/test');
  const redis = requiredUrl('TEST_REDIS_URL', 'redis://127.0.0.1:6379');
  const database = `themis_cluster_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl(postgres) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);

  const s3 = await startFakeS3();
  const bucket = `cluster-${runId.replace('_', '-')}`;
  await s3.createBucket(bucket);
  let answer: UpstreamRoute = (_request, res) => void res.writeHead(500).end();
  const upstream = await startFakeUpstream((request, res) => {
    if (request.path.startsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [{ id: 'gpt-cluster' }] }));
      return;
    }
    return answer(request, res);
  });

  const work = await mkdtemp(join(tmpdir(), 'themis-cluster-'));
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const redisUrl = new URL(redis);
  // A database of Redis's own, emptied first: limits counted by an earlier run are gone.
  redisUrl.pathname = '/7';
  const { Redis } = await import('ioredis');
  const flusher = new Redis(redisUrl.toString());
  await flusher.flushdb();
  await flusher.quit();
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrlFor(postgres, database),
    REDIS_URL: redisUrl.toString(),
    ...s3.env(bucket),
    APP_SECRET: randomBytes(48).toString('base64'),
    TRUST_PROXY: 'loopback',
    OPENAI_API_KEY: 'sk-cluster',
    OPENAI_BASE_URL: `${upstream.url}/v1`,
    MODELS: `${CLUSTER_MODEL}=Cluster model`,
    OLLAMA_BASE_URL: `http://127.0.0.1:${await findClosedPort()}`,
    LOG_LEVEL: 'warn',
    ...options.env,
  };

  const instances: Instance[] = [];
  for (let index = 0; index < count; index += 1) {
    const port = await freePort();
    const dataDir = join(work, `instance-${index + 1}`);
    instances.push(
      await startInstance(`instance-${index + 1}`, port, {
        ...env,
        PORT: String(port),
        DATA_DIR: dataDir,
      }),
    );
  }
  const nginx = await startNginx(work, nginxPort, instances);

  return {
    url,
    databaseUrl: env.DATABASE_URL!,
    instances,
    s3,
    bucket,
    answerWith: (route) => {
      answer = route;
    },
    async query(text, values) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        return (await client.query(text, values)).rows as Record<string, unknown>[];
      } finally {
        await client.end();
      }
    },
    async close() {
      nginx.kill('SIGTERM');
      for (const instance of instances) instance.process.kill('SIGKILL');
      await Promise.all(instances.map((instance) => instance.exited()));
      await Promise.all([s3.close(), upstream.close()]);
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
      await rm(work, { recursive: true, force: true });
    },
  };
}

async function startInstance(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<Instance> {
  let output = '';
  let exit: Promise<number | null> = Promise.resolve(null);
  const instance: Instance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    process: undefined as unknown as ChildProcess,
    output: () => output,
    exited: () => exit,
    async restart() {
      launch();
      await untilUp(`${instance.url}/api/health`);
    },
  };
  function launch() {
    const child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    exit = new Promise((done) => child.once('exit', (code) => done(code)));
    instance.process = child;
  }
  launch();
  try {
    await untilUp(`${instance.url}/api/health`);
  } catch (error) {
    throw new Error(`${name} did not start:\n${output}`, { cause: error });
  }
  return instance;
}

async function startNginx(work: string, port: number, instances: Instance[]) {
  const conf = join(work, 'nginx.conf');
  const servers = instances
    .map((instance) => `    server 127.0.0.1:${instance.port} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  await writeFile(
    conf,
    `worker_processes 1;
pid ${join(work, 'nginx.pid')};
error_log ${join(work, 'nginx-error.log')} warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(work, 'client-body')};
  proxy_temp_path ${join(work, 'proxy')};
  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' '';
  }
  upstream themis {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    include ${PROXY_SNIPPET};
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', work, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
  try {
    await untilUp(`http://127.0.0.1:${port}/api/health`, 15_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`nginx did not start:\n${output}`, { cause: error });
  }
  return child;
}
