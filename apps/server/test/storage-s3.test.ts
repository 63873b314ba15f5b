import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Storage, type S3StorageOptions } from '../src/platform/storage/s3-storage';
import type { FileStorage } from '../src/platform/storage/storage';
import { fileStorageContract } from '../src/platform/storage/storage-contract';
import { startFakeS3, type FakeS3 } from './storage-s3-server';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3?.close());

let buckets = 0;
let bucket: string;
let storage: FileStorage;

function storageFor(name: string, extra: Partial<S3StorageOptions> = {}): Promise<FileStorage> {
  const env = s3.env(name);
  return createS3Storage({
    endpoint: env.S3_ENDPOINT!,
    bucket: name,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    region: 'us-east-1',
    ...extra,
  });
}

// A new bucket per test: each starts empty, as the contract wants.
beforeEach(async () => {
  buckets += 1;
  bucket = `contract-${buckets}`;
  await s3.createBucket(bucket);
  storage = await storageFor(bucket);
});

describe('S3 storage', () => {
  fileStorageContract(() => storage);

  it('keeps each object under its own key in the bucket, with its content type', async () => {
    await storage.put('users/a/avatar/1.webp', Buffer.from('picture'), 'image/webp');
    expect(await s3.keys(bucket)).toEqual(['users/a/avatar/1.webp']);
    expect(await s3.object(bucket, 'users/a/avatar/1.webp')).toEqual({
      bytes: Buffer.from('picture'),
      contentType: 'image/webp',
    });
  });

  it('deletes a prefix of more objects than one listing returns, page by page', async () => {
    // Two keys a page: only following the continuation token reaches all seven.
    const paged = await storageFor(bucket, { pageSize: 2 });
    for (let i = 0; i < 7; i += 1) {
      await paged.put(`users/a/f${i}.txt`, Buffer.from(String(i)), 'text/plain');
    }
    await paged.put('users/ab/keep.txt', Buffer.from('b'), 'text/plain');
    await paged.deletePrefix('users/a/');
    expect(await s3.keys(bucket)).toEqual(['users/ab/keep.txt']);
  });

  it('throws rather than answer "missing" when the bucket does not exist', async () => {
    const lost = await storageFor('no-such-bucket');
    await expect(lost.get('users/a/x.webp')).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await expect(lost.put('users/a/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(lost.deletePrefix('users/a/')).rejects.toMatchObject({ name: 'NoSuchBucket' });
  });
});
