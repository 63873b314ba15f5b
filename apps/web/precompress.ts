// Brotli (.br) and gzip (.gz) copies of the built app's text files, written beside them so
// the server sends them as they are by Accept-Encoding. Made once per build, so at the
// highest levels: the cost is build time, never a request's.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Fonts and images are left out: their formats are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.html', '.txt', '.xml']);

/** Whether a built file, named by its path within the build folder, gets compressed copies. */
export function isPrecompressible(path: string): boolean {
  const name = path.split(sep).join('/');
  // The server injects the runtime configuration into index.html at start-up, so a copy
  // made here would be stale.
  if (name === 'index.html') return false;
  return COMPRESSIBLE.has(extname(name).toLowerCase());
}

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function compressFile(path: string, summary: PrecompressSummary) {
  const body = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  summary.files += 1;
  summary.bytes += body.length;
  // A copy no smaller than the file (a tiny file) is not written: the file is sent instead.
  const writes = [];
  if (br.length < body.length) writes.push(writeFile(`${path}.br`, br));
  if (gz.length < body.length) writes.push(writeFile(`${path}.gz`, gz));
  summary.brotliBytes += Math.min(br.length, body.length);
  summary.gzipBytes += Math.min(gz.length, body.length);
  await Promise.all(writes);
}

/** Writes the compressed copies for every file of `dir` that gets them. */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => isPrecompressible(relative(dir, path)));
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  await Promise.all(files.map((path) => compressFile(path, summary)));
  return summary;
}
