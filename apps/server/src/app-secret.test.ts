import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAppSecret } from './app-secret';
import { loadConfig } from './config';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('resolveAppSecret', () => {
  it('generates a secret once into the data folder, private to the user, and reuses it', async () => {
    dir = await mkdtemp(join(tmpdir(), 'themis-secret-'));
    const first = await resolveAppSecret(loadConfig({ DATA_DIR: dir }));
    expect(first.appSecret!.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dir, 'app-secret'))).mode & 0o077).toBe(0);
    const second = await resolveAppSecret(loadConfig({ DATA_DIR: dir }));
    expect(second.appSecret).toBe(first.appSecret);
    expect((await readFile(join(dir, 'app-secret'), 'utf8')).trim()).toBe(first.appSecret);
  });

  it('keeps a configured secret', async () => {
    const secret = 'q8Vn3kR0zT5wYb1Lp7Hs2Jd9Xc4Mf6GaE5tU';
    expect((await resolveAppSecret(loadConfig({ APP_SECRET: secret }))).appSecret).toBe(secret);
  });
});
