import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZE_PX, IMAGE_UPLOAD_MAX_BYTES } from '@themis/shared';
import { users } from '../src/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';
import { Client, lastCodeTo, PASSWORD, signedUpClient } from './accounts';
import { listFiles, multipartBody, type FormPart } from './multipart';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const DETAILS: FormPart[] = [
  { name: 'name', value: 'Anna' },
  { name: 'surname', value: 'Kowalska' },
];
const URL_PATTERN = new RegExp(`^${TEST_ORIGIN}/api/user/avatar/[0-9a-f]{32}$`);

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
const png = () => solid(400, 300).png().toBuffer();
const jpeg = () => solid(300, 500).jpeg().toBuffer();

/** The stored pictures of every user (not their content-type companions). */
async function storedPictures(): Promise<string[]> {
  return (await listFiles(join(t.dataDir, 'files'))).filter((path) => path.endsWith('.webp'));
}

const fileIdOf = (url: string) => url.split('/').pop()!;
const pathOf = (url: string) => new URL(url).pathname;

function update(client: Client, parts: FormPart[]) {
  return client.request({ method: 'PUT', url: '/api/user/update', ...multipartBody(parts) });
}

async function uploadPicture(client: Client, data: Buffer, filename = 'me.png') {
  const res = await update(client, [...DETAILS, { name: 'avatar', data, filename }]);
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json().avatar_url as string;
  expect(url).toMatch(URL_PATTERN);
  return url;
}

async function signedUpWithPicture() {
  const account = await signedUpClient(t);
  const url = await uploadPicture(account.client, await png());
  return { ...account, url };
}

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
    const { client, url: first } = await signedUpWithPicture();
    const before = await storedPictures();
    expect(before.some((path) => path.includes(fileIdOf(first)))).toBe(true);

    const second = await uploadPicture(client, await jpeg(), 'new.jpg');
    expect(second).not.toBe(first);
    expect((await client.get(pathOf(first))).statusCode).toBe(404);
    expect((await client.get(pathOf(second))).statusCode).toBe(200);
    const after = await storedPictures();
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
      const { client, url } = await signedUpWithPicture();
      const res = await update(client, [...DETAILS, empty]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().avatar_url).toBeNull();
      expect((await client.get(pathOf(url))).statusCode).toBe(404);
      expect((await storedPictures()).some((path) => path.includes(fileIdOf(url)))).toBe(false);
    }
  });

  it('keeps the picture when no avatar part is sent, and with a JSON update', async () => {
    const { client, url } = await signedUpWithPicture();
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

  it('refuses invalid text fields like the JSON route, before storing anything', async () => {
    const { client, url } = await signedUpWithPicture();
    const before = await storedPictures();
    const res = await update(client, [
      { name: 'name', value: 'x'.repeat(51) },
      { name: 'surname', value: '' },
      { name: 'phone_number', value: '123' },
      { name: 'avatar', data: await jpeg(), filename: 'new.jpg' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'validation_error',
      errors: {
        name: ['validation.nameMax'],
        surname: ['validation.required'],
        phone_number: ['validation.phoneInvalid'],
      },
    });
    const missing = await update(client, [
      { name: 'avatar', data: await png(), filename: 'a.png' },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['name', 'surname']);

    expect(await storedPictures()).toEqual(before);
    expect((await client.get('/api/user/get')).json()).toMatchObject({
      name: 'Anna',
      avatar_url: url,
    });
  });

  it('accepts a picture of exactly the size limit, larger than a JSON body may be', async () => {
    // A jpeg padded with comment segments (at most 64 KiB each) to IMAGE_UPLOAD_MAX_BYTES.
    const base = await jpeg();
    const padding: Buffer[] = [];
    for (let missing = IMAGE_UPLOAD_MAX_BYTES - base.length; missing > 0;) {
      const segment = Buffer.alloc(Math.min(missing, 65_537), 0x20);
      segment.writeUInt16BE(0xfffe, 0);
      segment.writeUInt16BE(segment.length - 2, 2);
      padding.push(segment);
      missing -= segment.length;
    }
    const big = Buffer.concat([base.subarray(0, 2), ...padding, base.subarray(2)]);
    expect(big.length).toBe(IMAGE_UPLOAD_MAX_BYTES);
    const { client } = await signedUpClient(t);
    const url = await uploadPicture(client, big, 'big.jpg');
    const picture = await client.get(pathOf(url));
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(AVATAR_SIZE_PX);
  });

  it('checks the picture by its content and size, and changes nothing when refused', async () => {
    const { client, url } = await signedUpWithPicture();
    const before = await storedPictures();
    const marker = 'file-content-marker-7f3a';
    const gif = await solid(50, 50).gif().toBuffer();
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><title>${marker}</title></svg>`,
    );
    const truncatedPng = (await png()).subarray(0, 60);
    const cases: [FormPart, number, string][] = [
      [
        { name: 'avatar', data: gif, filename: 'cat.png', contentType: 'image/png' },
        400,
        'invalid_file_type',
      ],
      [
        { name: 'avatar', data: svg, filename: 'logo.png', contentType: 'image/png' },
        400,
        'invalid_file_type',
      ],
      [
        { name: 'avatar', data: Buffer.from(`MZ ${marker}`), filename: 'run.png' },
        400,
        'invalid_file_type',
      ],
      [{ name: 'avatar', data: Buffer.alloc(0), filename: 'empty.png' }, 400, 'file_empty'],
      [{ name: 'avatar', data: truncatedPng, filename: 'broken.png' }, 400, 'invalid_file_type'],
      [
        { name: 'avatar', data: Buffer.alloc(IMAGE_UPLOAD_MAX_BYTES + 1, 1), filename: 'big.png' },
        413,
        'file_too_large',
      ],
      [{ name: 'avatar', value: 'https://example.com/me.png' }, 400, 'validation_error'],
    ];
    for (const [part, status, detail] of cases) {
      const res = await update(client, [
        { name: 'name', value: 'Changed' },
        { name: 'surname', value: 'X' },
        part,
      ]);
      expect(res.statusCode, detail).toBe(status);
      expect(res.json().detail).toBe(detail);
    }
    expect(await storedPictures()).toEqual(before);
    expect((await client.get('/api/user/get')).json()).toMatchObject({
      name: 'Anna',
      avatar_url: url,
    });
    expect(t.logs.join('\n')).not.toContain(marker);
  });

  it('refuses a second file or an unknown file part with 400', async () => {
    const { client, url } = await signedUpWithPicture();
    const before = await storedPictures();
    const picture = await png();
    for (const [parts, field] of [
      [
        [
          { name: 'avatar', data: picture, filename: 'a.png' },
          { name: 'avatar', data: picture, filename: 'b.png' },
        ],
        'avatar',
      ],
      [
        [
          { name: 'avatar', value: '' },
          { name: 'avatar', data: picture, filename: 'a.png' },
        ],
        'avatar',
      ],
      [[{ name: 'document', data: picture, filename: 'a.png' }], 'document'],
    ] as [FormPart[], string][]) {
      const res = await update(client, [...DETAILS, ...parts]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'validation_error',
        errors: { [field]: ['validation.invalid'] },
      });
    }
    expect(await storedPictures()).toEqual(before);
    expect((await client.get('/api/user/get')).json().avatar_url).toBe(url);
  });

  it('refuses a malformed form with 400 and one over the field limits with 413', async () => {
    const { client } = await signedUpClient(t);
    const form = multipartBody(DETAILS);
    for (const payload of [form.payload.subarray(0, form.payload.length - 20), 'not a form']) {
      const res = await client.request({
        method: 'PUT',
        url: '/api/user/update',
        headers: form.headers,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'validation_error' });
    }
    const noBoundary = await client.request({
      method: 'PUT',
      url: '/api/user/update',
      payload: 'x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    const tooMany = multipartBody(
      Array.from({ length: 20 }, (_, i) => ({ name: `field${i}`, value: 'x' })),
    );
    const res = await client.request({ method: 'PUT', url: '/api/user/update', ...tooMany });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: 'payload_too_large' });
    expect(t.logs.join('\n')).not.toContain('"level":50');
  });
});

describe('profile picture access', () => {
  it('needs a session to read or change a picture', async () => {
    const { url } = await signedUpWithPicture();
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
    const owner = await signedUpWithPicture();
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
    const { client, email, user, url } = await signedUpWithPicture();
    expect((await storedPictures()).some((path) => path.includes(user.pk))).toBe(true);
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
