import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './storage';
import { fileStorageContract } from './storage-contract';

let root: string;
let storage: FileStorage;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'themis-storage-'));
  storage = createDiskStorage(join(root, 'files'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('disk storage', () => {
  fileStorageContract(() => storage);

  it('keeps one file and its content type per key, with no temporary file left', async () => {
    await storage.put('users/a/x.webp', Buffer.from('one'), 'image/webp');
    await storage.put('users/a/x.webp', Buffer.from('two'), 'image/webp');
    expect((await readdir(join(root, 'files/users/a'))).sort()).toEqual(['x.webp', 'x.webp~type']);
    await storage.deletePrefix('users/a/');
    expect(await readdir(join(root, 'files/users'))).toEqual([]);
  });
});
