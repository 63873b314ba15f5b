import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './app';
import { lastCodeTo, PASSWORD, signedUpClient } from './accounts';
import { listFiles, multipartBody } from './multipart';
import { startFakeS3, type FakeS3 } from './storage-s3-server';

const BUCKET = 'themis-uploads';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected a ConfigError');
}

describe('S3 configuration', () => {
  it('names every missing variable when S3 is half configured', () => {
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'S3_BUCKET: required when S3_ENDPOINT is set',
      'S3_ACCESS_KEY_ID: required when S3_ENDPOINT is set',
      'S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT is set',
    ]);
    expect(
      problemsOf({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }),
    ).toEqual(['S3_ENDPOINT: required when S3_BUCKET is set']);
    expect(problemsOf({ S3_REGION: 'eu-central-1' })).toHaveLength(4);
    expect(problemsOf({ S3_ENDPOINT: 'minio:9000' })[0]).toMatch(/^S3_ENDPOINT: /);
  });

  it('uses the disk without S3 variables, and region us-east-1 unless told', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_ENDPOINT: '', S3_BUCKET: '' }).s3).toBeUndefined();
    const env = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(env).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'b',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      region: 'us-east-1',
    });
    expect(loadConfig({ ...env, S3_REGION: 'eu-central-1' }).s3?.region).toBe('eu-central-1');
  });
});

describe('the app with S3 storage', () => {
  let s3: FakeS3;
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    s3 = await startFakeS3();
    await s3.createBucket(BUCKET);
    t = await createTestApp({ now: () => clock, env: s3.env(BUCKET) });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps a profile picture in the bucket, serves it, and deletes it with the account', async () => {
    const { client, email, user } = await signedUpClient(t);
    const picture = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 20, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    const update = await client.request({
      method: 'PUT',
      url: '/api/user/update',
      ...multipartBody([
        { name: 'name', value: 'Anna' },
        { name: 'surname', value: 'Kowalska' },
        { name: 'avatar', data: picture, filename: 'me.png' },
      ]),
    });
    expect(update.statusCode, update.body).toBe(200);
    const url = update.json().avatar_url as string;
    const fileId = url.split('/').pop()!;

    // In the bucket under the user's prefix, and nothing on the disk.
    const keys = await s3.keys(BUCKET, `users/${user.pk}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toContain(fileId);
    expect(await listFiles(join(t.dataDir, 'files'))).toEqual([]);

    const stored = await s3.object(BUCKET, keys[0]!);
    expect(stored.contentType).toBe('image/webp');
    const served = await client.get(new URL(url).pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(stored.bytes)).toBe(true);

    // The code mail for the deletion waits out the resend interval after sign-up.
    clock = new Date(clock.getTime() + 61_000);
    const send = await client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_DELETE',
    });
    expect(send.statusCode, send.body).toBe(202);
    const removed = await client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: await lastCodeTo(t, email), password: PASSWORD },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await s3.keys(BUCKET, `users/${user.pk}/`)).toEqual([]);
  });
});
