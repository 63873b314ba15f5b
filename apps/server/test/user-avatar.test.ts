import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZE_PX } from '@themis/shared';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, lastCodeTo, PASSWORD, signedUpClient } from './accounts';
import {
  DETAILS,
  fileIdOf,
  jpeg,
  pathOf,
  png,
  signedUpWithPicture,
  storedPictures,
  update,
  uploadPicture,
  URL_PATTERN,
} from './avatar-fixtures';
import { listFiles, multipartBody, type FormPart } from './multipart';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

describe('profile picture upload', () => {
  it('stores a png or a jpeg as a 256 px webp square, served only from its own URL', async () => {
    for (const [data, filename, type] of [
      [await png(), 'photo.png', 'image/png'],
      [await jpeg(), 'photo.JPG', 'image/jpeg'],
    ] as const) {
      const { client } = await signedUpClient(t);
      const res = await update(client, [
        ...DETAILS,
        { name: 'phone_prefix', value: '+48' },
        { name: 'phone_number', value: '600700800' },
        { name: 'email', value: 'ignored@example.com' },
        { name: 'avatar', data, filename, contentType: type },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const me = res.json();
      expect(me).toMatchObject({
        name: 'Anna',
        surname: 'Kowalska',
        phone_prefix: '+48',
        phone_number: '600700800',
        has_personal_info_set: true,
      });
      expect(me.email).not.toBe('ignored@example.com');
      expect(me.avatar_url).toMatch(URL_PATTERN);
      expect((await client.get('/api/user/get')).json().avatar_url).toBe(me.avatar_url);

      const picture = await client.get(pathOf(me.avatar_url));
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      expect(picture.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(picture.headers['x-content-type-options']).toBe('nosniff');
      const meta = await sharp(picture.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX });
      expect(meta.exif).toBeUndefined();
    }
  });

  it('turns a picture upright by its EXIF orientation and drops the metadata', async () => {
    // Left half red, right half blue, stored sideways: orientation 6 shows it turned
    // clockwise, so upright the red half is on top.
    const halves = await sharp({
      create: { width: 400, height: 400, channels: 3, background: { r: 0, g: 0, b: 255 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 200, height: 400, channels: 3, background: { r: 255, g: 0, b: 0 } },
          })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { client } = await signedUpClient(t);
    const url = await uploadPicture(client, halves, 'sideways.jpg');
    const picture = (await client.get(pathOf(url))).rawPayload;
    const { data, info } = await sharp(picture).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    const [topRed, , topBlue] = pixel(128, 30);
    const [bottomRed, , bottomBlue] = pixel(128, 226);
    expect(topRed).toBeGreaterThan(200);
    expect(topBlue).toBeLessThan(60);
    expect(bottomBlue).toBeGreaterThan(200);
    expect(bottomRed).toBeLessThan(60);
    expect((await sharp(picture).metadata()).orientation).toBeUndefined();
  });

  it('replaces the picture under a new URL and deletes the old file', async () => {
    const { client, url: first } = await signedUpWithPicture(t);
    const before = await storedPictures(t);
    expect(before.some((path) => path.includes(fileIdOf(first)))).toBe(true);

    const second = await uploadPicture(client, await jpeg(), 'new.jpg');
    expect(second).not.toBe(first);
    expect((await client.get(pathOf(first))).statusCode).toBe(404);
    expect((await client.get(pathOf(second))).statusCode).toBe(200);
    const after = await storedPictures(t);
    expect(after.some((path) => path.includes(fileIdOf(first)))).toBe(false);
    expect(after.some((path) => path.includes(fileIdOf(second)))).toBe(true);
  });

  it('removes the picture with an empty value or an empty unnamed file part', async () => {
    for (const empty of [
      { name: 'avatar', value: '' },
      { name: 'avatar', data: Buffer.alloc(0) },
      // A browser's file input with no file chosen.
      { name: 'avatar', data: Buffer.alloc(0), filename: '' },
    ] satisfies FormPart[]) {
      const { client, url } = await signedUpWithPicture(t);
      const res = await update(client, [...DETAILS, empty]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().avatar_url).toBeNull();
      expect((await client.get(pathOf(url))).statusCode).toBe(404);
      expect((await storedPictures(t)).some((path) => path.includes(fileIdOf(url)))).toBe(false);
    }
  });

  it('keeps the picture when no avatar part is sent, and with a JSON update', async () => {
    const { client, url } = await signedUpWithPicture(t);
    const form = await update(client, [
      { name: 'name', value: 'Maria' },
      { name: 'surname', value: 'Nowak' },
    ]);
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json()).toMatchObject({ name: 'Maria', surname: 'Nowak', avatar_url: url });

    const json = await client.put('/api/user/update', { name: 'Ewa', surname: 'Lis' });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ name: 'Ewa', surname: 'Lis', avatar_url: url });
    expect((await client.get(pathOf(url))).statusCode).toBe(200);
  });
});

describe('profile picture access', () => {
  it('needs a session to read or change a picture', async () => {
    const { url } = await signedUpWithPicture(t);
    const anonymous = new Client(t);
    const read = await anonymous.get(pathOf(url));
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ detail: 'unauthorized' });
    const write = await update(anonymous, [
      ...DETAILS,
      { name: 'avatar', data: await png(), filename: 'a.png' },
    ]);
    expect(write.statusCode).toBe(401);
  });

  it("shows another user only 404 for someone's picture and cannot touch it", async () => {
    const owner = await signedUpWithPicture(t);
    const other = await signedUpClient(t);
    for (const path of [
      pathOf(owner.url),
      '/api/user/avatar/not-a-file-id',
      '/api/user/avatar/%25',
    ]) {
      const res = await other.client.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ detail: 'not_found' });
    }
    const otherUrl = await uploadPicture(other.client, await jpeg(), 'mine.jpg');
    expect(
      (await update(other.client, [...DETAILS, { name: 'avatar', value: '' }])).statusCode,
    ).toBe(200);
    expect((await owner.client.get(pathOf(owner.url))).statusCode).toBe(200);
    expect((await owner.client.get(pathOf(otherUrl))).statusCode).toBe(404);
    expect((await owner.client.get('/api/user/get')).json().avatar_url).toBe(owner.url);
  });

  it('reads multipart bodies on the update route only', async () => {
    const { client } = await signedUpClient(t);
    const res = await client.request({
      method: 'POST',
      url: '/api/user/set-password',
      ...multipartBody([{ name: 'password', value: 'x' }]),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: 'unsupported_media_type' });
  });

  it('is listed in the OpenAPI document with the multipart update', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/user/update'].put.requestBody.content).sort()).toEqual([
      'application/json',
      'multipart/form-data',
    ]);
    expect(doc.paths['/api/user/avatar/{fileId}'].get).toBeDefined();
  });
});

describe('account deletion', () => {
  it('deletes the stored pictures with the account', async () => {
    const { client, email, user, url } = await signedUpWithPicture(t);
    expect((await storedPictures(t)).some((path) => path.includes(user.pk))).toBe(true);
    clock = new Date(clock.getTime() + 61_000);
    const send = await client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_DELETE',
    });
    expect(send.statusCode, send.body).toBe(202);
    const code = await lastCodeTo(t, email);
    const res = await client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: code, password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.id, user.pk))).toHaveLength(0);
    const left = await listFiles(join(t.dataDir, 'files'));
    expect(left.some((path) => path.includes(user.pk) || path.includes(fileIdOf(url)))).toBe(false);
  });
});
