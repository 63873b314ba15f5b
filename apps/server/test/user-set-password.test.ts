import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, signedUpClient } from './accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIRST_PASSWORD = 'First-Password-7';

/** A signed-in account without a password, as one created through Google is. */
async function passwordlessClient() {
  const account = await signedUpClient(t);
  await t.database.db
    .update(users)
    .set({ passwordHash: null })
    .where(eq(users.id, account.user.pk));
  return account;
}

const setPassword = (client: Client, password: string, confirmation = password) =>
  client.post('/api/user/set-password', { password, password_confirmation: confirmation });

describe('set the first password', () => {
  it('needs a session', async () => {
    const res = await setPassword(new Client(t), FIRST_PASSWORD);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'unauthorized' });
  });

  it('sets it once for an account without one, which can then sign in with it', async () => {
    const { client, email, user } = await passwordlessClient();
    expect((await client.get('/api/user/get')).json().has_password).toBe(false);

    const res = await setPassword(client, FIRST_PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ pk: user.pk, email, has_password: true, avatar_url: null });
    const services = (await client.get('/api/user/external-provider/list')).json();
    expect(services).toContainEqual({ provider_name: 'system' });

    const login = await new Client(t).post('/api/auth/login', { email, password: FIRST_PASSWORD });
    expect(login.statusCode, login.body).toBe(200);

    const again = await setPassword(client, 'Another-Password-8');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: 'password_already_set' });
    const wrong = await new Client(t).post('/api/auth/login', {
      email,
      password: 'Another-Password-8',
    });
    expect(wrong.json().detail).toBe('invalid_credentials');
  });

  it('refuses an account that already has a password with 409', async () => {
    const { client } = await signedUpClient(t);
    const res = await setPassword(client, FIRST_PASSWORD);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'password_already_set' });
  });

  it('applies the password rules and the repeat, and never logs the password', async () => {
    const { client } = await passwordlessClient();
    const refused = [
      ['Sh0rt!a', 'validation.passwordMin'],
      [`Aa1${'x'.repeat(48)}`, 'validation.passwordMax'],
      ['lowercase-only-7', 'validation.passwordCase'],
      ['UPPERCASE-ONLY-7', 'validation.passwordCase'],
      ['NoDigitsOrSpecials', 'validation.passwordDigitOrSpecial'],
      ['Pass word-7', 'validation.passwordCharacters'],
    ] as const;
    for (const [password, message] of refused) {
      const res = await setPassword(client, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual({
        detail: 'validation_error',
        errors: { password: [message] },
      });
    }
    const missing = await client.post('/api/user/set-password', {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual([
      'password',
      'password_confirmation',
    ]);

    const mismatch = await setPassword(client, FIRST_PASSWORD, 'First-Password-8');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      detail: 'validation_error',
      errors: { password_confirmation: ['validation.passwordMismatch'] },
    });
    expect((await client.get('/api/user/get')).json().has_password).toBe(false);

    expect((await setPassword(client, FIRST_PASSWORD)).statusCode).toBe(200);
    const logs = t.logs.join('\n');
    for (const secret of [FIRST_PASSWORD, 'First-Password-8', ...refused.map(([p]) => p)]) {
      expect(logs).not.toContain(secret);
    }
  });
});
