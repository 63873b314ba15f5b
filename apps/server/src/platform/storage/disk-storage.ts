import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import {
  assertStorageKey,
  assertStoragePrefix,
  type FileStorage,
  type StoredFile,
} from './storage';

// Beside each object: its content type. '~' never occurs in a key, so no key can clash.
const TYPE_SUFFIX = '~type';
const DEFAULT_TYPE = 'application/octet-stream';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under `root` (`<DATA_DIR>/files`), one file per key plus its content type. */
export function createDiskStorage(root: string): FileStorage {
  const base = resolve(root);

  function pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(base, key);
    // The key pattern already forbids this; checked again on the resolved path.
    if (!path.startsWith(base + sep)) throw new Error('storage key outside the root');
    return path;
  }

  // A temporary name in the same folder (a dot-file, which no key can name), then a
  // rename: readers never see a half-written file.
  async function writeAtomically(path: string, data: Buffer | string): Promise<void> {
    const temp = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      await writeFile(temp, data, { flag: 'wx', mode: 0o600 });
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  return {
    async put(key, bytes, contentType) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      await writeAtomically(path + TYPE_SUFFIX, contentType);
      await writeAtomically(path, bytes);
    },

    async get(key): Promise<StoredFile | null> {
      const path = pathOf(key);
      let bytes: Buffer;
      try {
        bytes = await readFile(path);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const contentType = await readFile(path + TYPE_SUFFIX, 'utf8').catch((error: unknown) => {
        if (isMissing(error)) return DEFAULT_TYPE;
        throw error;
      });
      return { bytes, contentType };
    },

    async delete(key) {
      const path = pathOf(key);
      // The bytes first: they are what makes the object exist.
      await rm(path, { force: true });
      await rm(path + TYPE_SUFFIX, { force: true });
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      await rm(pathOf(prefix.slice(0, -1)), { recursive: true, force: true });
    },
  };
}
