import type { S3Config } from '../../config';
import {
  assertStorageKey,
  assertStoragePrefix,
  type FileStorage,
  type StoredFile,
} from './storage';

const DEFAULT_TYPE = 'application/octet-stream';
// The most keys ListObjectsV2 returns and DeleteObjects accepts in one request.
const MAX_PAGE = 1000;

export interface S3StorageOptions extends S3Config {
  /** Keys listed and deleted per request by deletePrefix (tests make it small). */
  pageSize?: number;
}

/**
 * Objects in one bucket of any S3-compatible store, one object per key. The SDK (half a
 * second to load) is imported only here, so a server without S3 never loads it.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<FileStorage> {
  const {
    DeleteObjectCommand,
    DeleteObjectsCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  /** A missing object; a missing bucket (NoSuchBucket) is a broken setup and is thrown. */
  const isMissingObject = (error: unknown): boolean => {
    if (!(error instanceof S3ServiceException)) return false;
    if (error.name === 'NoSuchKey') return true;
    return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
  };
  const { bucket } = options;
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE, MAX_PAGE);
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Bucket in the path, not the host name: MinIO, s3rver and most self-hosted stores
    // have no per-bucket DNS.
    forcePathStyle: true,
    // Without a limit a store that stops answering would hang the request that waits on it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });

  async function deleteBatch(keys: string[]): Promise<void> {
    const { Errors } = await client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
      }),
    );
    // A batch answers 200 even when some keys failed; those are only listed.
    if (Errors?.length) {
      const first = Errors[0]!;
      throw new Error(
        `S3 could not delete ${Errors.length} object(s), e.g. ${first.Key}: ${first.Code} ${first.Message}`,
      );
    }
  }

  return {
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      // One PutObject is atomic: readers see the old object or the new one, never a part.
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }),
      );
    },

    async get(key): Promise<StoredFile | null> {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = await object.Body!.transformToByteArray();
        return {
          bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
          contentType: object.ContentType ?? DEFAULT_TYPE,
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 for a key that does not exist: idempotent as it is.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async deletePrefix(prefix) {
      assertStoragePrefix(prefix);
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: prefix,
            MaxKeys: pageSize,
            ContinuationToken: token,
          }),
        );
        const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        if (keys.length > 0) await deleteBatch(keys);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
