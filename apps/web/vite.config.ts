import { resolve } from 'node:path';
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

/**
 * A chunk of modules that some pages share, smaller than this before minification, is copied
 * into each page that uses it: a first page is then a handful of files rather than a score.
 * What each first page loads is held to its budget by e2e/first-pages.spec.ts.
 */
const INLINE_SHARED_BELOW_BYTES = 30_000;

export default defineConfig({
  base: '/',
  plugins: [react(), devRuntimeConfig(), precompress()],
  build: {
    outDir: 'dist',
    // The start-up chunk (React DOM, React Router, Redux, MUI's core, i18next: ~170 KB brotli)
    // is this big by design; every page is a lazy chunk of its own.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Required to copy small shared chunks into their pages; the entry exports nothing.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: INLINE_SHARED_BELOW_BYTES },
          // date-fns is only needed where a date is shown, and zod with the first validation
          // of a form; on their own they stay out of the common chunks the first page loads.
          groups: [
            { name: 'date-fns', test: /node_modules[\\/]date-fns/ },
            { name: 'zod', test: /node_modules[\\/]zod/ },
            // What every page runs at start, in one file: left alone, rolldown splits what the
            // entry shares with lazy pages into a score of small files (rolldown#9963).
            { name: 'boot', tags: ['$initial'], priority: 1 },
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
});
