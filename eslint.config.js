import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * A web import rule: no-restricted-imports, and no-restricted-syntax for import(), which that
 * rule does not see (the app lazy-loads much of its code).
 */
function webImportRule(regex, message) {
  // esquery reads a regex up to the first `/`, so the slashes are written as \x2F.
  const selector = `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`;
  return {
    'no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
    'no-restricted-syntax': ['error', { selector, message }],
  };
}

const FEATURE_MESSAGE =
  'Another feature is reached through its index or its api.ts, never its internals.';
// Tests may render another feature's pages (components/ContactMailbox.test.tsx); the rules
// guard the code that ships.
const WEB_TESTS = ['apps/web/src/**/*.test.{ts,tsx}'];

/**
 * A relative path names another feature only by how many folders it climbs, so each depth
 * below features/<name>/ gets its own block: (../)^(depth+1)<other>/<anything but api|index>.
 * A feature's own files (./x, ../components/x) climb less and stay allowed. The deepest
 * feature file today sits two folders down; the blocks go to four.
 */
const webFeatureBlocks = [0, 1, 2, 3, 4].map((depth) => ({
  files: [`apps/web/src/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  ignores: WEB_TESTS,
  rules: webImportRule(
    `^(?:\\.\\./){${depth + 1}}(?:\\.\\./features/)?[^./][^/]*/(?!(?:api|index)$)`,
    FEATURE_MESSAGE,
  ),
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'playwright-report/**',
      'test-results/**',
      '.test-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The import rules of docs/ARCHITECTURE.md.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // ../<module>/<file>: another module's face is its index, ../<module>
              regex: '^\\.\\./[^./][^/]*/',
              message:
                'Another module is reached through its index (../<module>), never its files.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/platform/**/*.ts',
      'apps/server/src/db/**/*.ts',
      'apps/server/src/access/**/*.ts',
      'apps/server/src/repos/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/plugins/**', '**/app', '**/app-context'],
              message: 'Lower layers do not depend on modules, plugins or the app.',
            },
          ],
        },
      ],
    },
  },
  ...webFeatureBlocks,
  {
    // The router lazy-loads every page; AppShell, loaded like a page, takes the shell's
    // maintenance banner from its file so that the banner stays off the first page.
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    ignores: [...WEB_TESTS, 'apps/web/src/app/router.tsx', 'apps/web/src/app/AppShell.tsx'],
    rules: webImportRule('^(?:\\.\\./)+features/[^/]+/(?!(?:api|index)$)', FEATURE_MESSAGE),
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    ignores: WEB_TESTS,
    rules: webImportRule(
      '^(?:\\.\\./)+features(?:/|$)',
      'Shared UI sits below the features and imports none of them.',
    ),
  },
  {
    files: ['scripts/**', 'bench/**', 'deploy/**', 'apps/server/src/cli.ts', '**/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
