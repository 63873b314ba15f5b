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
    ...env,
  });
}

/** The real app on its own fresh database, with its log captured. */
export async function createTestApp(
  options: { env?: Record<string, string> } & Partial<Omit<AppDependencies, 'database'>> = {},
): Promise<TestApp> {
  const { env, ...deps } = options;
  const config = testConfig(env);
  const database = await createTestDatabase();
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
    ...deps,
  });
  await app.ready();
  return { app, config, database, logs, close: () => app.close() };
}
