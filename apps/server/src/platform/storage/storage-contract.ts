import { expect, it } from 'vitest';
import type { FileStorage } from './storage';

/**
 * What every FileStorage adapter promises, run against each of them (disk-storage.test.ts,
 * test/storage-s3.test.ts). `storage()` gives the adapter under test, empty at each test's
 * start.
 */
export function fileStorageContract(storage: () => FileStorage): void {
  it('stores, replaces, reads and deletes an object with its content type', async () => {
    const s = storage();
    expect(await s.get('users/a/x.webp')).toBeNull();
    await s.put('users/a/x.webp', Buffer.from('one'), 'image/webp');
    await s.put('users/a/x.webp', Buffer.from('two'), 'image/webp');
    expect(await s.get('users/a/x.webp')).toEqual({
      bytes: Buffer.from('two'),
      contentType: 'image/webp',
    });
    await s.delete('users/a/x.webp');
    await s.delete('users/a/x.webp');
    await s.delete('users/nobody/never.pdf');
    expect(await s.get('users/a/x.webp')).toBeNull();
  });

  it('keeps bytes and content type exactly, empty objects included', async () => {
    const s = storage();
    const every = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    await s.put('users/a/attachments/b-1_c.v2.docx', every, type);
    await s.put('users/a/empty.txt', Buffer.alloc(0), 'text/plain');
    expect(await s.get('users/a/attachments/b-1_c.v2.docx')).toEqual({
      bytes: every,
      contentType: type,
    });
    expect(await s.get('users/a/empty.txt')).toEqual({
      bytes: Buffer.alloc(0),
      contentType: 'text/plain',
    });
  });

  it('deletes everything under a prefix, and nothing beside it', async () => {
    const s = storage();
    await s.put('users/a/avatar/1.webp', Buffer.from('1'), 'image/webp');
    await s.put('users/a/doc.pdf', Buffer.from('2'), 'application/pdf');
    await s.put('users/ab/avatar/3.webp', Buffer.from('3'), 'image/webp');
    await s.put('users/b/a/4.webp', Buffer.from('4'), 'image/webp');
    await s.deletePrefix('users/a/');
    await s.deletePrefix('users/a/');
    await s.deletePrefix('users/nobody/');
    expect(await s.get('users/a/avatar/1.webp')).toBeNull();
    expect(await s.get('users/a/doc.pdf')).toBeNull();
    expect(await s.get('users/ab/avatar/3.webp')).not.toBeNull();
    expect(await s.get('users/b/a/4.webp')).not.toBeNull();
  });

  it('refuses keys that could leave its folder or name its own files', async () => {
    const s = storage();
    for (const key of [
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a//b',
      '.hidden',
      'a/./b',
      'a\\b',
      'a/b~type',
      'a/b?c',
      '',
      'x'.repeat(513),
    ]) {
      await expect(s.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        'invalid storage key',
      );
      await expect(s.get(key), key).rejects.toThrow('invalid storage key');
      await expect(s.delete(key), key).rejects.toThrow('invalid storage key');
    }
    await expect(s.deletePrefix('users/a')).rejects.toThrow('ends with a slash');
    await expect(s.deletePrefix('../')).rejects.toThrow('invalid storage key');
    await expect(s.deletePrefix('/')).rejects.toThrow('invalid storage key');
  });
}
