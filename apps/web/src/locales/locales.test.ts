import { ERROR_CODES, LANGUAGES } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_NAMESPACES, SIGNED_OUT_NAMESPACES } from '../app/i18n';
import enSignedIn from './en-signed-in';
import enSignedOut from './en-signed-out';
import plSignedIn from './pl-signed-in';
import plSignedOut from './pl-signed-out';

const chunks = {
  en: { signedOut: enSignedOut, signedIn: enSignedIn },
  pl: { signedOut: plSignedOut, signedIn: plSignedIn },
};
const resources = {
  en: { ...enSignedOut, ...enSignedIn },
  pl: { ...plSignedOut, ...plSignedIn },
};

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
  it('have the same namespaces in every language, each in the chunk i18n loads it from', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(chunks[language].signedOut).sort()).toEqual(
        [...SIGNED_OUT_NAMESPACES].sort(),
      );
      expect(Object.keys(chunks[language].signedIn).sort()).toEqual(
        [...SIGNED_IN_NAMESPACES].sort(),
      );
    }
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
