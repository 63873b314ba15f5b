import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from './config';

const SECRET_FILE = 'app-secret';

/**
 * Outside production a missing APP_SECRET is generated once into DATA_DIR so that
 * signed tokens survive a restart; production demands the variable (see loadConfig).
 */
export async function resolveAppSecret(config: Config): Promise<Config> {
  if (config.appSecret) return config;
  const file = join(config.dataDir, SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return { ...config, appSecret: stored };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return { ...config, appSecret: secret };
}
