import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './storage';

let root: string;
let storage: FileStorage;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'themis-storage-'));
  storage = createDiskStorage(join(root, 'files'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('disk storage', () => {
  it('stores, replaces, reads and deletes an object with its content type', async () => {
    expect(await storage.get('users/a/x.webp')).toBeNull();
    await storage.put('users/a/x.webp', Buffer.from('one'), 'image/webp');
    await storage.put('users/a/x.webp', Buffer.from('two'), 'image/webp');
    expect(await storage.get('users/a/x.webp')).toEqual({
      bytes: Buffer.from('two'),
      contentType: 'image/webp',
    });
    // No temporary file is left behind.
    expect((await readdir(join(root, 'files/users/a'))).sort()).toEqual(['x.webp', 'x.webp~type']);
    await storage.delete('users/a/x.webp');
    await storage.delete('users/a/x.webp');
    expect(await storage.get('users/a/x.webp')).toBeNull();
  });

  it('deletes everything under a prefix, and nothing beside it', async () => {
    await storage.put('users/a/avatar/1.webp', Buffer.from('1'), 'image/webp');
    await storage.put('users/a/doc.pdf', Buffer.from('2'), 'application/pdf');
    await storage.put('users/ab/avatar/3.webp', Buffer.from('3'), 'image/webp');
    await storage.deletePrefix('users/a/');
    await storage.deletePrefix('users/nobody/');
    expect(await storage.get('users/a/avatar/1.webp')).toBeNull();
    expect(await storage.get('users/a/doc.pdf')).toBeNull();
    expect(await storage.get('users/ab/avatar/3.webp')).not.toBeNull();
  });

  it('refuses keys that could leave its folder or name its own files', async () => {
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      '.hidden',
      'a/./b',
      'a\\b',
      'a/b~type',
      '',
      'x'.repeat(513),
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        'invalid storage key',
      );
      await expect(storage.get(key), key).rejects.toThrow('invalid storage key');
    }
    await expect(storage.deletePrefix('users/a')).rejects.toThrow('ends with a slash');
    await expect(storage.deletePrefix('../')).rejects.toThrow('invalid storage key');
  });
});
