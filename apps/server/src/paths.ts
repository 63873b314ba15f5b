import { fileURLToPath } from 'node:url';

/** The embedded database's folder inside the data folder. */
export const PGLITE_FOLDER = 'pglite';

// Resolved relative to this module, which sits at the same depth in src/ and in the
// bundled dist/, so both layouts find the same folders.
export const MIGRATIONS_DIR = fileURLToPath(new URL('./db/migrations', import.meta.url));
export const PGLITE_WORKER = new URL('./db/pglite-worker.mjs', import.meta.url);
/** A new embedded database with every migration applied, made by the build (dist/ only). */
export const DATA_TEMPLATE_DIR = fileURLToPath(new URL('./db/data-template', import.meta.url));
export const EXTRACTION_WORKER = new URL(
  './modules/attachments/extraction-worker.mjs',
  import.meta.url,
);
/** The export's layout thread: TypeScript from src/, bundled JavaScript in dist/. */
export const EXPORT_RENDER_WORKER = new URL(
  `./modules/export/render-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`,
  import.meta.url,
);
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));
