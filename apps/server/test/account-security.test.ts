import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, verificationCodes } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, lastCodeTo, lastMailTo, PASSWORD, signedUpClient } from './accounts';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Changed-Pass-8';
/** Codes have a 60 s resend cooldown; each test moves the clock past it. */
const later = () => {
  clock = new Date(clock.getTime() + 61_000);
};

async function codeFor(
  client: Client,
  email: string,
  kind: 'USER_PASSWORD_CHANGE' | 'USER_DELETE',
) {
  later();
  const res = await client.post('/api/user/send-verification-code', {
    verification_code_type: kind,
  });
  expect(res.statusCode, res.body).toBe(202);
  return lastCodeTo(t, email);
}

describe('change password', () => {
  it('needs the e-mailed code; signs out the other devices and keeps this one', async () => {
    const { client, email } = await signedUpClient(t);
    const other = new Client(t);
    const login = await other.post('/api/auth/login', { email, password: PASSWORD });
    const loginCode = await lastCodeTo(t, email);
    await other.post('/api/auth/login/confirm', {
      challenge_token: login.json().challenge_token,
      code: loginCode,
      trust_device: false,
    });
    expect((await other.get('/api/auth/verify')).statusCode).toBe(200);

    const code = await codeFor(client, email, 'USER_PASSWORD_CHANGE');
    const mail = await lastMailTo(t, email, (m) => m.text.includes(code));
    expect(mail.subject.toLowerCase()).toContain('password');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (
        await client.post('/api/user/change-password', {
          verification_code: wrong,
          new_password: NEW_PASSWORD,
        })
      ).json().detail,
    ).toBe('code_invalid');
    const weak = await client.post('/api/user/change-password', {
      verification_code: code,
      new_password: 'weak',
    });
    expect(weak.json().errors.new_password).toContain('validation.passwordMin');

    expect(
      (
        await client.post('/api/user/change-password', {
          verification_code: code,
          new_password: NEW_PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    expect((await client.get('/api/auth/verify')).statusCode).toBe(200);
    expect((await other.get('/api/auth/verify')).statusCode).toBe(401);
    expect(
      (await new Client(t).post('/api/auth/login', { email, password: NEW_PASSWORD })).json()
        .status,
    ).toBe('code_required');
  });

  it('does not take a code of another kind', async () => {
    const { client, email } = await signedUpClient(t);
    const deleteCode = await codeFor(client, email, 'USER_DELETE');
    const res = await client.post('/api/user/change-password', {
      verification_code: deleteCode,
      new_password: NEW_PASSWORD,
    });
    expect(res.json().detail).toBe('code_expired');
  });

  it('refuses a second code within the cooldown, and other kinds of request', async () => {
    const { client } = await signedUpClient(t);
    later();
    expect(
      (
        await client.post('/api/user/send-verification-code', {
          verification_code_type: 'USER_DELETE',
        })
      ).statusCode,
    ).toBe(202);
    const again = await client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_DELETE',
    });
    expect(again.statusCode).toBe(429);
    const kind = await client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_ACTIVATION',
    });
    expect(kind.json().detail).toBe('validation_error');
  });
});

describe('delete account', () => {
  it('needs the password and the code, then removes the user and everything of theirs', async () => {
    const { client, email, user } = await signedUpClient(t);
    const code = await codeFor(client, email, 'USER_DELETE');
    const noPassword = await client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: code },
    });
    expect(noPassword.json().detail).toBe('invalid_credentials');
    const wrongPassword = await client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: code, password: 'Wrong-Pass-1' },
    });
    expect(wrongPassword.json().detail).toBe('invalid_credentials');

    const done = await client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: code, password: PASSWORD },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(client.jar.get('access')).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.id, user.pk))).toHaveLength(0);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, user.pk)),
    ).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.userId, user.pk)),
    ).toHaveLength(0);
    expect(
      (await new Client(t).post('/api/auth/login', { email, password: PASSWORD })).json().detail,
    ).toBe('invalid_credentials');
  });

  it("cannot be done with another user's code", async () => {
    const alice = await signedUpClient(t);
    const bob = await signedUpClient(t);
    const bobCode = await codeFor(bob.client, bob.email, 'USER_DELETE');
    const res = await alice.client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: bobCode, password: PASSWORD },
    });
    expect(res.statusCode).toBe(400);
    expect((await bob.client.get('/api/auth/verify')).statusCode).toBe(200);
    expect((await alice.client.get('/api/auth/verify')).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await new Client(t).request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: '123456', password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});
