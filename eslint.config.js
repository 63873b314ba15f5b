import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
              // ../<module>/<file>, unless <file> is a service or the auth guard
              regex: '^\\.\\./[^./][^/]*/(?!auth\\.(?:guard|cookies)$)(?![^/]*\\.service$)',
              message:
                'Another module is reached through its service (or the auth guard and cookies), never its internals.',
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
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/cli.ts', '**/build.mjs'],
    rules: { 'no-console': 'off' },
  },
);
