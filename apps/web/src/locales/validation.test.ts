import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import en from './en-signed-out';
import pl from './pl-signed-out';

// The validation texts are among those every page starts with.
const resources = { en, pl };

const SHARED_SRC = join(import.meta.dirname, '../../../../packages/shared/src');

/** Every 'validation.*' message key the shared schemas can give. */
function sharedMessageKeys(): string[] {
  const keys = readdirSync(SHARED_SRC)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .flatMap((name) =>
      [...readFileSync(join(SHARED_SRC, name), 'utf8').matchAll(/['`]validation\.(\w+)[':`]/g)].map(
        (match) => match[1] ?? '',
      ),
    );
  return [...new Set(keys)].sort();
}

describe('validation messages', () => {
  it('are found in the shared schemas', () => {
    expect(sharedMessageKeys()).toContain('passwordMin');
  });

  it.each(LANGUAGES)('translate every message of the shared schemas in %s', (language) => {
    const messages = resources[language].validation as Record<string, string>;
    expect(sharedMessageKeys().filter((key) => !messages[key])).toEqual([]);
  });
});
