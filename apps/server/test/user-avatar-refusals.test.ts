import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZE_PX, IMAGE_UPLOAD_MAX_BYTES } from '@themis/shared';
import { createTestApp, type TestApp } from './app';
import { signedUpClient } from './accounts';
import {
  DETAILS,
  jpeg,
  pathOf,
  png,
  signedUpWithPicture,
  solid,
  storedPictures,
  update,
  uploadPicture,
} from './avatar-fixtures';
import { multipartBody, type FormPart } from './multipart';

// What the picture upload refuses, and its limits: nothing is stored or changed on a refusal.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('profile picture refusals and limits', () => {
  it('refuses invalid text fields like the JSON route, before storing anything', async () => {
    const { client, url } = await signedUpWithPicture(t);
    const before = await storedPictures(t);
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

    expect(await storedPictures(t)).toEqual(before);
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
    const { client, url } = await signedUpWithPicture(t);
    const before = await storedPictures(t);
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
    expect(await storedPictures(t)).toEqual(before);
    expect((await client.get('/api/user/get')).json()).toMatchObject({
      name: 'Anna',
      avatar_url: url,
    });
    expect(t.logs.join('\n')).not.toContain(marker);
  });

  it('refuses a second file or an unknown file part with 400', async () => {
    const { client, url } = await signedUpWithPicture(t);
    const before = await storedPictures(t);
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
    expect(await storedPictures(t)).toEqual(before);
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
