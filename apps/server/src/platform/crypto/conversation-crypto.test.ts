import { hashRaw } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import {
  aesGcmOpen,
  aesGcmSeal,
  deriveKeyEncryptionKey,
  KDF_PARAMS,
  newDataKey,
  newSalt,
  openFile,
  openText,
  SealBrokenError,
  sealFile,
  sealText,
  unwrapDataKey,
  wrapDataKey,
  type SealAddress,
} from './conversation-crypto';

const hex = (text: string) => Buffer.from(text, 'hex');
const ZERO_KEY = Buffer.alloc(32);
const ZERO_IV = Buffer.alloc(12);
const EMPTY = Buffer.alloc(0);

describe('known answers of the primitives', () => {
  // The GCM specification's test cases 13 and 14 (McGrew and Viega): AES-256, zero key and IV.
  it('AES-256-GCM of an empty text and of one zero block', () => {
    expect(aesGcmSeal(ZERO_KEY, EMPTY, EMPTY, ZERO_IV).subarray(12).toString('hex')).toBe(
      '530f8afbc74536b9a963b4f1c4cb738b',
    );
    const sealed = aesGcmSeal(ZERO_KEY, Buffer.alloc(16), EMPTY, ZERO_IV);
    expect(sealed.subarray(12, 28).toString('hex')).toBe('d0d1c8a799996bf0265b98b5d48ab919');
    expect(sealed.subarray(28).toString('hex')).toBe('cea7403d4d606b6e074ec5d3baf39d18');
    expect(aesGcmOpen(ZERO_KEY, sealed, EMPTY)).toEqual(Buffer.alloc(16));
  });

  // The argon2 reference implementation's own argon2id test (test.c): "password", "somesalt".
  it('argon2id as the reference implementation computes it', async () => {
    const raw = await hashRaw('password', {
      algorithm: 2,
      salt: Buffer.from('somesalt'),
      memoryCost: 65_536,
      timeCost: 2,
      parallelism: 1,
      outputLen: 32,
    });
    expect(raw.toString('hex')).toBe(
      '09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7',
    );
  });
});

describe('the data key under a credential', () => {
  const serverKey = hex('11'.repeat(32));
  const salt = newSalt();
  const derive = (credential: string, userId = 'user-1', key = serverKey) =>
    deriveKeyEncryptionKey({ credential, salt, serverKey: key, userId, params: KDF_PARAMS });

  it('opens with the same credential, and not with another one, user or server key', async () => {
    const dataKey = newDataKey();
    const wrapped = wrapDataKey({ kek: await derive('123456'), dataKey, userId: 'user-1' });
    expect(unwrapDataKey({ kek: await derive('123456'), wrapped, userId: 'user-1' })).toEqual(
      dataKey,
    );
    expect(unwrapDataKey({ kek: await derive('123457'), wrapped, userId: 'user-1' })).toBe(
      undefined,
    );
    // The same credential and salt for another user, or under another server, is another key.
    expect(
      unwrapDataKey({ kek: await derive('123456', 'user-2'), wrapped, userId: 'user-1' }),
    ).toBe(undefined);
    expect(unwrapDataKey({ kek: await derive('123456'), wrapped, userId: 'user-2' })).toBe(
      undefined,
    );
    const otherServer = await derive('123456', 'user-1', hex('22'.repeat(32)));
    expect(unwrapDataKey({ kek: otherServer, wrapped, userId: 'user-1' })).toBe(undefined);
  });

  it('never stores the data key or the credential in the wrapped form', async () => {
    const dataKey = newDataKey();
    const wrapped = wrapDataKey({ kek: await derive('s3cret-pass'), dataKey, userId: 'user-1' });
    const bytes = Buffer.from(wrapped, 'base64url');
    expect(bytes.includes(dataKey)).toBe(false);
    expect(wrapped).not.toContain('s3cret');
  });
});

describe('sealed texts and files', () => {
  const dataKey = newDataKey();
  const address: SealAddress = {
    owner: 'user-1',
    table: 'messages',
    rowId: 'row-1',
    field: 'content',
  };

  it('opens where it was sealed, with a fresh nonce each time', () => {
    const first = sealText(dataKey, address, 'Umowa najmu — klauzula 7');
    const second = sealText(dataKey, address, 'Umowa najmu — klauzula 7');
    expect(first).not.toBe(second);
    expect(first).not.toContain('Umowa');
    expect(openText(dataKey, address, first)).toBe('Umowa najmu — klauzula 7');
  });

  it('refuses a flipped bit, another row, field or owner, and another key', () => {
    const sealed = sealText(dataKey, address, 'tajemnica adwokacka');
    const bytes = Buffer.from(sealed.slice('enc:v1:'.length), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    const flipped = `enc:v1:${bytes.toString('base64url')}`;
    const refusals = [
      () => openText(dataKey, address, flipped),
      () => openText(dataKey, { ...address, rowId: 'row-2' }, sealed),
      () => openText(dataKey, { ...address, field: 'name' }, sealed),
      () => openText(dataKey, { ...address, owner: 'user-2' }, sealed),
      () => openText(newDataKey(), address, sealed),
      () => openText(dataKey, address, 'tajemnica adwokacka'),
    ];
    for (const refusal of refusals) expect(refusal).toThrow(SealBrokenError);
  });

  it('seals file bytes the same way', () => {
    const pdf = Buffer.from('%PDF-1.4 CLAUSE-7');
    const fileAddress = { ...address, table: 'attachments', field: 'file' };
    const sealed = sealFile(dataKey, fileAddress, pdf);
    expect(sealed.includes(Buffer.from('CLAUSE-7'))).toBe(false);
    expect(openFile(dataKey, fileAddress, sealed)).toEqual(pdf);
    expect(() => openFile(dataKey, { ...fileAddress, rowId: 'row-2' }, sealed)).toThrow(
      SealBrokenError,
    );
    expect(() => openFile(dataKey, fileAddress, pdf)).toThrow(SealBrokenError);
  });
});
