import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDependencies } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { createTestDatabase } from './database';

export const TEST_ORIGIN = 'http://localhost:5173';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** DATA_DIR: a fresh folder (uploads land in its files/), removed on close. */
  dataDir: string;
  /** Every log line the app wrote, as text. */
  logs: string[];
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_ORIGIN,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'info',
    // The registers are on the internet: a test that checks citations names its stand-in.
    LEGAL_SOURCES: 'links',
    ...env,
  });
}

/** The real app on its own fresh database, with its log captured. */
export async function createTestApp(
  options: { env?: Record<string, string> } & Partial<AppDependencies> = {},
): Promise<TestApp> {
  const { env, database: given, ...deps } = options;
  const dataDir = await mkdtemp(join(tmpdir(), 'themis-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ...env });
  // A database of the test's own choosing (e.g. one kept on disk), else a fresh one.
  const database = given ?? (await createTestDatabase());
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp(config, {
    database,
    logStream,
    maintenanceCacheMs: 0,
    webDistDir: '/nonexistent',
    // Every test signs up through the API: the equal-time answer is the bench's to measure.
    registerAnswerFloorMs: 0,
    ...deps,
  });
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    logs,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance of the app on `first`'s database, as a second server or a restart would
 * be: `first` keeps the database and closes it, and this instance's log is dropped. It runs
 * no background job worker unless asked: one would take jobs that a test runs and waits for
 * through `first.app.jobs.runDueJobs()`.
 */
export function anotherInstance(
  first: TestApp,
  env: Record<string, string>,
  deps: Partial<Omit<AppDependencies, 'database'>> = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig({ ...env, DATA_DIR: first.dataDir }), {
    database: { ...first.database, close: async () => undefined },
    webDistDir: '/nonexistent',
    maintenanceCacheMs: 0,
    logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
    startWorker: false,
    ...deps,
  });
}
