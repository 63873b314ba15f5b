import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ResolvedConfig } from 'vite';
import { precompressDir } from './precompress.js';

/** The API server that `npm run dev` starts beside the Vite dev server. */
const DEV_API_ORIGIN = 'http://127.0.0.1:5174';

/**
 * In development the API server does not serve index.html, so this plugin asks it for
 * the runtime config and injects the same script tag it would inject in production.
 */
function devRuntimeConfig(): Plugin {
  return {
    name: 'themis-dev-runtime-config',
    apply: 'serve',
    async transformIndexHtml() {
      try {
        const response = await fetch(`${DEV_API_ORIGIN}/api/runtime-config`);
        if (!response.ok) return;
        const config: unknown = await response.json();
        // `<` escaped so a value can never close the script element.
        const json = JSON.stringify(config).replace(/</g, '\\u003c');
        return [{ tag: 'script', children: `window.__APP_CONFIG__=${json}`, injectTo: 'head' }];
      } catch {
        return;
      }
    },
  };
}

/** Brotli and gzip copies of the built files, which the server sends by Accept-Encoding. */
function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'themis-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      const summary = await precompressDir(resolve(config.root, config.build.outDir));
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
      config.logger.info(
        `precompressed ${summary.files} files: ${kb(summary.bytes)}, brotli ${kb(summary.brotliBytes)}, gzip ${kb(summary.gzipBytes)}`,
      );
    },
  };
}

const AUTH_FEATURE = /apps[\\/]web[\\/]src[\\/]features[\\/]auth[\\/]/;
const isAuthPageModule = (id: string) => AUTH_FEATURE.test(id) && !id.includes('RequireAuth');

/** What the sign-in pages and the chat both show (fields, alerts, buttons) and call. */
const SHARED_FIELDS = [
  ...[
    'InputBase',
    'OutlinedInput',
    'InputLabel',
    'InputAdornment',
    'FormControl',
    'FormLabel',
    'FormHelperText',
    'FormControlLabel',
    'TextareaAutosize',
    'Alert',
    'IconButton',
    'Checkbox',
    'Divider',
    'Paper',
  ].map((component) => `@mui/material/${component}/`),
  '@mui/icons-material/Balance',
  'react-i18next',
  'html-parse-stringify',
  'apps/web/src/app/api/error-message',
  'apps/web/src/app/toast',
  'apps/web/src/app/use-language',
  'apps/web/src/components/LanguageButtons',
  'apps/web/src/components/visually-hidden',
  'packages/shared/src/rules',
];
const isSharedFieldModule = (id: string) => {
  const path = id.replaceAll('\\', '/');
  return SHARED_FIELDS.some((part) => path.includes(part));
};

/** Preact's client with React's autoFocus behaviour (src/preact/autofocus.ts). */
const PREACT_CLIENT = fileURLToPath(new URL('./src/preact/client.ts', import.meta.url));
const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: PREACT_CLIENT },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
];

/** Below this, a chunk of components shared by some pages joins its closest neighbour. */
const MERGE_BELOW_BYTES = 20_000;

export default defineConfig(({ command }) => ({
  base: '/',
  plugins: [react(), devRuntimeConfig(), precompress()],
  // The build runs the same components on Preact's React compatibility layer, 48 KB lighter
  // on the wire than React DOM; the dev server keeps React for fast refresh.
  resolve: command === 'build' ? { alias: PREACT_ALIASES } : {},
  build: {
    outDir: 'dist',
    // The entry chunk (Preact, router, Redux, MUI core, i18n: ~125 KB brotli) is this big by
    // design; every page is a lazy chunk of its own.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // date-fns is only needed where a date is shown, and zod with the first validation
          // of a form; on their own they stay out of the common chunks the first page loads.
          groups: [
            { name: 'date-fns', test: /node_modules[\\/]date-fns/ },
            { name: 'zod', test: /node_modules[\\/]zod/ },
            // What every page runs at start, in one file: left alone, rolldown splits what the
            // entry shares with lazy pages into a score of small files (rolldown#9963).
            { name: 'boot', tags: ['$initial'], priority: 1 },
            // The form fields and helpers that the pages of signing in share with the chat,
            // in one file, taken first so that the chat does not load the sign-in pages.
            { name: 'fields', test: isSharedFieldModule },
            // The pages of signing in and up, with what else they use that the entry has not
            // loaded (the forms library), in one file: a visitor's first page is six files.
            // The guard of the signed-in pages stays out, as it is all that some of them need
            // of the feature.
            { name: 'auth', test: isAuthPageModule },
            // The components, grouped by the pages that use them, small groups merged.
            {
              name: 'mui',
              test: /node_modules[\\/]@mui[\\/](material|icons-material)/,
              entriesAware: true,
              entriesAwareMergeThreshold: MERGE_BELOW_BYTES,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': DEV_API_ORIGIN,
      '/ws': { target: DEV_API_ORIGIN, ws: true },
      '/dev': DEV_API_ORIGIN,
    },
  },
}));
