import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { LIMITS } from '../src/modules/auth/auth.context';
import { Client, lastCodeTo, PASSWORD, signedUpClient, uniqueEmail } from './accounts';

// The default of CODE_CHECKS_PER_IP.
const CODE_CHECKS_PER_IP = 100;
let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const expectLimited = (res: LightMyRequestResponse, what: string) => {
  expect(res.statusCode, what).toBe(429);
  expect(res.json(), what).toEqual({ detail: 'rate_limited' });
  expect(Number(res.headers['retry-after']), what).toBeGreaterThan(0);
};

/** The signed-in session of `from`, used from another address (the cookie is copied). */
const sessionAt = (from: Client, ip?: string) => {
  const client = new Client(t, ip);
  client.jar.set('access', from.jar.get('access')!);
  return client;
};

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');
const changePassword = (client: Client, code: string) =>
  client.post('/api/user/change-password', {
    verification_code: code,
    new_password: 'Changed-Pass-8',
  });
const sendCode = async (client: Client, email: string, kind: string) => {
  clock = new Date(clock.getTime() + 61_000);
  const res = await client.post('/api/user/send-verification-code', {
    verification_code_type: kind,
  });
  expect(res.statusCode, res.body).toBe(202);
  return lastCodeTo(t, email);
};

describe('per-IP limits', () => {
  it('allows the per-IP code calls in 15 minutes from one address, shared by every code endpoint', async () => {
    const ip = '198.51.100.1';
    const code = { code: '123456' };
    for (let i = 0; i < CODE_CHECKS_PER_IP; i++) {
      const res = await new Client(t, ip).post('/api/auth/activate', {
        email: uniqueEmail('nobody'),
        ...code,
      });
      expect(res.json().detail).toBe('code_invalid');
    }
    const challenge = { challenge_token: 'made-up-challenge' };
    for (const [url, body] of [
      ['/api/auth/activate', { email: uniqueEmail('nobody'), ...code }],
      ['/api/auth/activation/resend', { email: uniqueEmail('nobody'), language: 'en' }],
      ['/api/auth/login/confirm', { ...challenge, ...code, trust_device: false }],
      ['/api/auth/login/resend', challenge],
    ] as const) {
      expectLimited(await new Client(t, ip).post(url, body), url);
    }
    const elsewhere = await new Client(t).post('/api/auth/activate', {
      email: uniqueEmail('nobody'),
      ...code,
    });
    expect(elsewhere.json().detail).toBe('code_invalid');
  });

  it('allows 10 reset requests an hour from one address', async () => {
    const ip = '198.51.100.2';
    const request = () =>
      new Client(t, ip).post('/api/auth/password-reset/request', {
        email: uniqueEmail('reset'),
        language: 'en',
      });
    for (let i = 0; i < 10; i++) expect((await request()).statusCode).toBe(202);
    const limited = await request();
    expectLimited(limited, 'reset request');
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    const elsewhere = await new Client(t).post('/api/auth/password-reset/request', {
      email: uniqueEmail('reset'),
      language: 'en',
    });
    expect(elsewhere.statusCode).toBe(202);
  });

  it('allows 60 registrations an hour from one address', async () => {
    const ip = '198.51.100.3';
    // An activated address answers as a new one would, after the same password hash.
    const { email } = await signedUpClient(t);
    const register = (address: string, from = ip) =>
      new Client(t, from).post('/api/auth/register', {
        email: address,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        terms_accepted: true,
        language: 'en',
      });
    for (let i = 0; i < 60; i++) expect((await register(email)).statusCode).toBe(201);
    expectLimited(await register(uniqueEmail()), 'registration');
    expect((await register(uniqueEmail(), '198.51.100.4')).statusCode).toBe(201);
  });

  it('takes another hourly registration limit from REGISTER_LIMIT_PER_HOUR', async () => {
    const office = await createTestApp({ env: { REGISTER_LIMIT_PER_HOUR: '3' } });
    try {
      const register = () =>
        new Client(office, '198.51.100.9').post('/api/auth/register', {
          email: uniqueEmail(),
          password: PASSWORD,
          password_confirmation: PASSWORD,
          terms_accepted: true,
          language: 'en',
        });
      for (let i = 0; i < 3; i++) expect((await register()).statusCode).toBe(201);
      expectLimited(await register(), 'registration over the configured limit');
    } finally {
      await office.close();
    }
  });

  it('takes another per-IP code-check limit from CODE_CHECKS_PER_IP', async () => {
    const office = await createTestApp({ env: { CODE_CHECKS_PER_IP: '3' } });
    try {
      const activate = () =>
        new Client(office, '198.51.100.10').post('/api/auth/activate', {
          email: uniqueEmail('nobody'),
          code: '123456',
        });
      for (let i = 0; i < 3; i++) expect((await activate()).json().detail).toBe('code_invalid');
      expectLimited(await activate(), 'code checks over the configured limit');
    } finally {
      await office.close();
    }
  });
});

describe('account code limits', () => {
  it('allows 10 password-change code checks in 15 minutes per account, whatever the address', async () => {
    const { client, email } = await signedUpClient(t);
    const code = await sendCode(client, email, 'USER_PASSWORD_CHANGE');
    // Each from a new address: only the account limit can stop them.
    for (let i = 0; i < 10; i++) {
      const res = await changePassword(sessionAt(client), wrongCode(code));
      expect(res.json().detail).toMatch(/^code_(invalid|expired)$/);
    }
    // A fresh code does not bring fresh attempts.
    const fresh = await sendCode(client, email, 'USER_PASSWORD_CHANGE');
    expectLimited(await changePassword(sessionAt(client), fresh), 'password change');
    // The password is unchanged.
    expect(
      (await new Client(t).post('/api/auth/login', { email, password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('allows the per-IP account code checks in 15 minutes from one address, across accounts', async () => {
    const ip = '198.51.100.5';
    const perAccount = LIMITS.codePerAccount.limit;
    const full = CODE_CHECKS_PER_IP / perAccount;
    const users = [];
    for (let i = 0; i <= full; i++) users.push(await signedUpClient(t));
    for (const { client } of users.slice(0, full)) {
      const atIp = sessionAt(client, ip);
      for (let i = 0; i < perAccount; i++) {
        expect((await changePassword(atIp, '000000')).json().detail).toBe('code_expired');
      }
    }
    const fourth = users[full]!;
    expectLimited(await changePassword(sessionAt(fourth.client, ip), '000000'), 'from that IP');
    const deletion = await sessionAt(fourth.client, ip).request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: '000000', password: PASSWORD },
    });
    expectLimited(deletion, 'deletion from that IP');
    expect((await changePassword(fourth.client, '000000')).json().detail).toBe('code_expired');
  });

  it('allows 10 deletion code checks in 15 minutes per account, then not even the right code', async () => {
    const { client, email, user } = await signedUpClient(t);
    const code = await sendCode(client, email, 'USER_DELETE');
    const remove = (verification_code: string) =>
      sessionAt(client).request({
        method: 'DELETE',
        url: '/api/user/delete',
        payload: { verification_code, password: PASSWORD },
      });
    for (let i = 0; i < 10; i++) {
      expect((await remove(wrongCode(code))).json().detail).toMatch(/^code_(invalid|expired)$/);
    }
    const fresh = await sendCode(client, email, 'USER_DELETE');
    expectLimited(await remove(fresh), 'deletion');
    expect((await client.get('/api/user/get')).json().pk).toBe(user.pk);
  });

  it('allows 10 sign-in code checks in 15 minutes per account; a right code starts again', async () => {
    const { email } = await signedUpClient(t);
    // Each a new sign-in from a new address: a new challenge and a fresh code every time.
    const confirm = async (right: boolean) => {
      const browser = new Client(t);
      const login = await browser.post('/api/auth/login', { email, password: PASSWORD });
      const code = await lastCodeTo(t, email);
      return browser.post('/api/auth/login/confirm', {
        challenge_token: login.json().challenge_token,
        code: right ? code : wrongCode(code),
        trust_device: false,
      });
    };
    for (let i = 0; i < 9; i++) expect((await confirm(false)).json().detail).toBe('code_invalid');
    expect((await confirm(true)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await confirm(false)).json().detail).toBe('code_invalid');
    expectLimited(await confirm(true), 'sign-in code');
  });
});
