// Bundles the server and the operator command into dist/. npm packages stay external
// (native and wasm modules load from node_modules); the workspace's TypeScript is inlined.
import { execFile } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const workspacePrefix = '@themis/';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    'src/make-data-template.ts',
    'src/modules/export/render-worker.ts',
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  // main.js loads the server as a chunk of its own once the database's thread has started.
  splitting: true,
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith(workspacePrefix) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
await cp('src/db/migrations', 'dist/db/migrations', { recursive: true });
await cp('src/db/pglite-worker.mjs', 'dist/db/pglite-worker.mjs');
await cp(
  'src/modules/attachments/extraction-worker.mjs',
  'dist/modules/attachments/extraction-worker.mjs',
);
// The migrated database a new data folder starts from (see make-data-template.ts).
await promisify(execFile)(process.execPath, ['dist/make-data-template.js']);
console.log('server built into apps/server/dist');
