import { ERROR_CODES, LANGUAGES } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { NAMESPACES } from '../app/i18n';
import en from './en';
import pl from './pl';

const resources = { en, pl };

type Tree = { readonly [key: string]: string | Tree };

function leafKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);
}

const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];

describe('translations', () => {
  it('have the same namespaces in every language, each of which i18n loads', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(resources[language]).sort()).toEqual([...namespaces].sort());
    }
    expect([...NAMESPACES].sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('have the same keys in every language: %s', (namespace) => {
    const [first, ...others] = LANGUAGES.map((language) => ({
      language,
      keys: leafKeys(resources[language][namespace] as Tree).sort(),
    }));
    for (const other of others) {
      const missing = first?.keys.filter((key) => !other.keys.includes(key)) ?? [];
      const extra = other.keys.filter((key) => !first?.keys.includes(key));
      expect({ language: other.language, missing, extra }).toEqual({
        language: other.language,
        missing: [],
        extra: [],
      });
    }
  });

  it('have no empty messages', () => {
    for (const language of LANGUAGES) {
      for (const namespace of namespaces) {
        const tree = resources[language][namespace] as Tree;
        const empty = leafKeys(tree).filter((key) => !String(lookup(tree, key)).trim());
        expect(empty, `${language}/${namespace}`).toEqual([]);
      }
    }
  });

  it.each(LANGUAGES)('have a message for every API error code in %s', (language) => {
    const errors = resources[language].errors as Tree;
    const missing = ERROR_CODES.filter(
      (code) => typeof lookup(errors, `codes.${code}`) !== 'string',
    );
    expect(missing).toEqual([]);
  });
});
