import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startInstance, startNginx, type Instance } from '../../../../deploy/local-cluster.mjs';
import { adminUrl, databaseUrlFor } from '../database-names';
import { findClosedPort, startFakeUpstream, type UpstreamRoute } from '../llm-upstreams';
import { startFakeS3, type FakeS3 } from '../storage-s3-server';

// Several Themis processes, as an operator runs them: the built server (`node
// apps/server/dist/main.js`) on PostgreSQL, Redis and S3 (s3rver), behind Debian's nginx
// with the site snippet of the deployment guide, no sticky sessions; started by the same
// functions as the guide's local cluster (deploy/local-cluster.mjs).

export type { Instance };

export const CLUSTER_MODEL = 'openai:gpt-cluster';

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
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

/**
 * An OpenAI-compatible provider offering CLUSTER_MODEL, whose answers a test replaces; `env`
 * points instances at it (and Ollama at a closed port).
 */
export async function startModelProvider() {
  let answer: UpstreamRoute = (_request, res) => void res.writeHead(500).end();
  const upstream = await startFakeUpstream((request, res) => {
    if (request.path.startsWith('/v1/models')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: [{ id: 'gpt-cluster' }] }));
      return;
    }
    return answer(request, res);
  });
  const env = {
    OPENAI_API_KEY: 'sk-cluster',
    OPENAI_BASE_URL: `${upstream.url}/v1`,
    MODELS: `${CLUSTER_MODEL}=Cluster model`,
    OLLAMA_BASE_URL: `http://127.0.0.1:${await findClosedPort()}`,
  };
  return {
    env,
    answerWith(route: UpstreamRoute) {
      answer = route;
    },
    close: () => upstream.close(),
  };
}

interface ClusterOptions {
  instances?: number;
  /** Extra environment for every instance. */
  env?: Record<string, string>;
}

const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A new PostgreSQL database named `name` on the tests' server; `drop` removes it. */
export async function scratchDatabase(name: string) {
  const admin = new pg.Client({ connectionString: adminUrl(POSTGRES) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: databaseUrlFor(POSTGRES, name),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** Redis database number `db` of the tests' server, emptied: nothing an earlier run counted. */
export async function emptyRedis(db: number): Promise<string> {
  const url = new URL(REDIS);
  url.pathname = `/${db}`;
  const { Redis } = await import('ioredis');
  const flusher = new Redis(url.toString());
  await flusher.flushdb();
  await flusher.quit();
  return url.toString();
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = await scratchDatabase(`themis_cluster_${runId}`);

  const s3 = await startFakeS3();
  const bucket = `cluster-${runId.replace('_', '-')}`;
  await s3.createBucket(bucket);
  const model = await startModelProvider();

  const work = await mkdtemp(join(tmpdir(), 'themis-cluster-'));
  const nginxPort = await freePort();
  const url = `http://127.0.0.1:${nginxPort}`;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: database.url,
    REDIS_URL: await emptyRedis(7),
    ...s3.env(bucket),
    APP_SECRET: randomBytes(48).toString('base64'),
    TRUST_PROXY: 'loopback',
    // The registers citations are checked in are on the internet: linked, not checked.
    LEGAL_SOURCES: 'links',
    ...model.env,
    LOG_LEVEL: 'warn',
    ...options.env,
  };

  const instances: Instance[] = [];
  for (let index = 0; index < count; index += 1) {
    const port = await freePort();
    const dataDir = join(work, `instance-${index + 1}`);
    instances.push(
      await startInstance({
        name: `instance-${index + 1}`,
        port,
        env: { ...env, DATA_DIR: dataDir },
      }),
    );
  }
  const nginx = await startNginx({
    work,
    port: nginxPort,
    instancePorts: instances.map((instance) => instance.port),
  });

  return {
    url,
    databaseUrl: env.DATABASE_URL!,
    instances,
    s3,
    bucket,
    answerWith: model.answerWith,
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
      await Promise.all([s3.close(), model.close()]);
      await database.drop();
      await rm(work, { recursive: true, force: true });
    },
  };
}
