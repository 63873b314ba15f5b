/** A stored object: its bytes and the content type it was stored with. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live: `<DATA_DIR>/files` on disk (disk-storage.ts), or one bucket of
 * an S3-compatible store when S3_* is configured (s3-storage.ts). Keys are slash-separated
 * paths such as `users/<id>/avatar/<file>.webp` (see assertStorageKey).
 */
export interface FileStorage {
  /** Writes the whole object or nothing; an existing key is replaced. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix`, which ends with a slash. */
  deletePrefix(prefix: string): Promise<void>;
}

/** Everything a user uploads lives under this prefix, so deleting the account clears it. */
export const userFilesPrefix = (userId: string) => `users/${userId}/`;

/** An organization's own files (its logo), cleared when it is purged. */
export const organizationFilesPrefix = (organizationId: string) =>
  `organizations/${organizationId}/`;

const STORAGE_KEY_MAX = 512;
// Each segment starts with a letter or digit: no '.', '..', hidden or empty segment.
const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws unless `key` is a safe relative path that cannot leave the storage root. */
export function assertStorageKey(key: string): void {
  if (key.length > STORAGE_KEY_MAX || !KEY_PATTERN.test(key)) {
    throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
  }
}

/** Throws unless `prefix` is a valid key followed by a slash (a whole folder). */
export function assertStoragePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error('a storage prefix ends with a slash');
  assertStorageKey(prefix.slice(0, -1));
}
