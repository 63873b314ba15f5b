import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_VERSION } from '@themis/shared';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const versionOf = (path: string) =>
  (JSON.parse(readFileSync(join(ROOT, path, 'package.json'), 'utf8')) as { version: string })
    .version;

describe('the application version', () => {
  it('is the one the specification names, and every package of the project carries it', () => {
    expect(APP_VERSION).toBe('1.33.0');
    for (const path of ['.', 'packages/shared', 'apps/server', 'apps/web']) {
      expect([path, versionOf(path)]).toEqual([path, APP_VERSION]);
    }
  });
});
