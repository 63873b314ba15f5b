import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';

// The SDK's one-time notice that its 2027 releases need Node 22 (see docs/decisions.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** s3rver's fixed account: it checks request signatures against it. */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface FakeS3 {
  endpoint: string;
  /** The S3_* variables for the app, for a bucket made with createBucket. */
  env(bucket: string): Record<string, string>;
  createBucket(name: string): Promise<void>;
  /** Every key in the bucket under `prefix`, sorted. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** The object's bytes and content type as the store holds them. */
  object(bucket: string, key: string): Promise<{ bytes: Buffer; contentType?: string }>;
  close(): Promise<void>;
}

/**
 * s3rver (a fake S3 in Node) in its own process on 127.0.0.1, a free port and a temporary
 * folder. Its own process because s3rver 3.7 makes ListObjectsV2 continuation tokens with
 * DES, which OpenSSL 3 (Node 17+) only has in its legacy provider: without the flag any
 * truncated listing fails with 500.
 */
export async function startFakeS3(): Promise<FakeS3> {
  const dir = await mkdtemp(join(tmpdir(), 'themis-s3-'));
  const bin = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const child = spawn(
    process.execPath,
    ['--openssl-legacy-provider', bin, '-d', dir, '-a', '127.0.0.1', '-p', '0', '--silent'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start:\n${output}`)), 15_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}:\n${output}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
  });

  return {
    endpoint,
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
    }),
    async createBucket(name) {
      await client.send(new CreateBucketCommand({ Bucket: name }));
    },
    async keys(bucket, prefix) {
      // One page is enough for a test's few objects.
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    async object(bucket, key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        bytes: Buffer.from(await object.Body!.transformToByteArray()),
        contentType: object.ContentType,
      };
    },
    async close() {
      client.destroy();
      child.kill();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
