import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EncryptionStatus } from '@themis/shared';
import { encryptionKeys } from '../src/db/schema';
import { Client, loginWithCode, signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
let clock = new Date('2026-11-24T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const status = async (client: Client) =>
  (await client.get('/api/user/get')).json().encryption as EncryptionStatus;
const create = (client: Client, type: 'PIN' | 'PASSWORD', key: string) =>
  client.post('/api/user/create-encryption-secrets', {
    encryption_key_type: type,
    encryption_key: key,
  });
const unlock = (client: Client, key: string) =>
  client.post('/api/user/unlock-decryption', { encryption_key: key });
const storedKey = async (userId: string) =>
  (await t.database.db.select().from(encryptionKeys).where(eq(encryptionKeys.userId, userId)))[0];

/** The same account signed in on another device: a session of its own, locked. */
async function anotherDevice(email: string) {
  const client = new Client(t);
  await loginWithCode(t, client, email, false);
  return client;
}

describe('encryption credentials', () => {
  it('sets a PIN, keeping only the wrapped data key, and unlocks this session', async () => {
    const { client, user } = await signedUpClient(t);
    expect(await status(client)).toEqual({
      is_encryption_enabled: false,
      is_encryption_key_set: false,
      encryption_key_type: null,
      is_decryption_unlocked: false,
      conversations_pending: null,
    });
    const res = await create(client, 'PIN', '482913');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      is_encryption_enabled: false,
      is_encryption_key_set: true,
      encryption_key_type: 'PIN',
      is_decryption_unlocked: true,
      conversations_pending: null,
    });
    expect(await status(client)).toMatchObject({ is_decryption_unlocked: true });
    const row = await storedKey(user.pk);
    expect(JSON.stringify(row)).not.toContain('482913');
    expect(row?.kdf).toEqual({ memoryCost: 47_104, timeCost: 1, parallelism: 1 });
    expect(t.logs.join('')).not.toContain('482913');
  });

  it('refuses a malformed PIN or password with nothing stored', async () => {
    const { client, user } = await signedUpClient(t);
    const bad = [
      ['PIN', '12345'],
      ['PIN', '1234567'],
      ['PIN', '12a456'],
      ['PIN', '１２３４５６'],
      ['PASSWORD', 'short'],
      ['PASSWORD', 'x'.repeat(33)],
      ['PASSWORD', 'nul\u0000byte'],
    ] as const;
    for (const [type, key] of bad) {
      const res = await create(client, type, key);
      expect([res.statusCode, res.json().detail], `${type} ${key}`).toEqual([
        400,
        'validation_error',
      ]);
    }
    const unknownType = await client.post('/api/user/create-encryption-secrets', {
      encryption_key_type: 'FINGERPRINT',
      encryption_key: '123456',
    });
    expect(unknownType.statusCode).toBe(400);
    expect(await storedKey(user.pk)).toBeUndefined();
    const nothingToUnlock = await unlock(client, '123456');
    expect([nothingToUnlock.statusCode, nothingToUnlock.json().detail]).toEqual([
      400,
      'encryption_key_missing',
    ]);
  });

  it('keeps another device locked until it gives the right PIN', async () => {
    const { client, email } = await signedUpClient(t);
    await create(client, 'PIN', '482913');
    const other = await anotherDevice(email);
    expect(await status(other)).toMatchObject({
      is_encryption_key_set: true,
      is_decryption_unlocked: false,
      conversations_pending: null,
    });
    const wrong = await unlock(other, '482914');
    expect([wrong.statusCode, wrong.json().detail]).toEqual([400, 'incorrect_decryption_password']);
    const right = await unlock(other, '482913');
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ is_decryption_unlocked: true });
    expect(await status(client)).toMatchObject({ is_decryption_unlocked: true });
  });

  it('changes a PIN to a password only once unlocked; the old PIN stops working', async () => {
    const { client, email } = await signedUpClient(t);
    await create(client, 'PIN', '482913');
    const other = await anotherDevice(email);
    const locked = await create(other, 'PASSWORD', 'kancelaria-7');
    expect([locked.statusCode, locked.json().detail]).toEqual([403, 'decryption_locked']);

    const changed = await create(client, 'PASSWORD', 'kancelaria-7');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ encryption_key_type: 'PASSWORD' });
    expect((await unlock(other, '482913')).json().detail).toBe('incorrect_decryption_password');
    expect((await unlock(other, 'kancelaria-7')).statusCode).toBe(200);
  });

  it('forgets the unlocked key when the session ends', async () => {
    const { client, email } = await signedUpClient(t);
    await create(client, 'PIN', '482913');
    const other = await anotherDevice(email);
    await unlock(other, '482913');
    // Signing the other devices out ends that session and what it held.
    const signedOut = await client.post('/api/user/session/delete-others');
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect((await other.get('/api/user/get')).statusCode).toBe(401);
    expect(await status(client)).toMatchObject({ is_decryption_unlocked: true });
  });
});

describe('guessing the credential', () => {
  it('waits 1, 2, 4 minutes after five wrong attempts, counted across devices', async () => {
    const { client, email, user } = await signedUpClient(t);
    await create(client, 'PIN', '482913');
    const other = await anotherDevice(email);
    for (const device of [client, other, client, other]) {
      expect((await unlock(device, '000000')).json().detail).toBe('incorrect_decryption_password');
    }
    // The fifth wrong one still answers, and sets the first wait.
    expect((await unlock(other, '000000')).statusCode).toBe(400);
    const waiting = await unlock(client, '482913');
    expect([waiting.statusCode, waiting.json().detail]).toEqual([429, 'rate_limited']);
    expect(Number(waiting.headers['retry-after'])).toBe(60);

    clock = new Date(clock.getTime() + 60_000);
    expect((await unlock(client, '111111')).statusCode).toBe(400);
    const longer = await unlock(client, '482913');
    expect(Number(longer.headers['retry-after'])).toBe(120);

    clock = new Date(clock.getTime() + 120_000);
    const right = await unlock(client, '482913');
    expect(right.statusCode, right.body).toBe(200);
    expect(await storedKey(user.pk)).toMatchObject({ failedAttempts: 0, blockedUntil: null });
  });

  it('lets no more than the free attempts through when guesses come at once', async () => {
    const { client } = await signedUpClient(t);
    await create(client, 'PIN', '482913');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => unlock(client, String(100000 + i))),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((code) => code === 400)).toHaveLength(5);
    expect(statuses.filter((code) => code === 429)).toHaveLength(7);
  });
});

// With Redis, the unlocked keys live there: an ended session's is deleted at once.
const REDIS_URL = process.env.TEST_REDIS_URL;

describe.runIf(REDIS_URL)('unlocked keys kept in Redis', () => {
  let shared: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    shared = await createTestApp({ env: { REDIS_URL: REDIS_URL! } });
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    redis?.disconnect();
    await shared?.close();
  });

  it('holds the session’s key wrapped, and drops it when the session is signed out', async () => {
    const { client, email, user } = await signedUpClient(shared);
    const other = new Client(shared);
    await loginWithCode(shared, other, email, false);
    await create(client, 'PIN', '482913');
    await unlock(other, '482913');
    const sessionIds = await redis.smembers(`themis:unlocked-user:${user.pk}`);
    expect(sessionIds).toHaveLength(2);
    const held = async () =>
      (await Promise.all(sessionIds.map((id) => redis.exists(`themis:unlocked:${id}`)))).filter(
        Boolean,
      ).length;
    expect(await held()).toBe(2);
    expect((await client.post('/api/user/session/delete-others')).statusCode).toBe(200);
    await expect.poll(held).toBe(1);
    expect((await status(client)).is_decryption_unlocked).toBe(true);
  });
});
