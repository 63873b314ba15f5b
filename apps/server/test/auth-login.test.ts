import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import {
  Client,
  lastCodeTo,
  loginWithCode,
  PASSWORD,
  signedUpClient,
  uniqueEmail,
} from './accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login', () => {
  it('refuses a wrong password and an unknown address alike', async () => {
    const { email } = await signedUpClient(t);
    for (const body of [
      { email, password: 'Wrong-Pass-1' },
      { email: uniqueEmail(), password: PASSWORD },
    ]) {
      const res = await new Client(t).post('/api/auth/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'invalid_credentials' });
    }
  });

  it('says user_is_not_activated only after the right password', async () => {
    const email = uniqueEmail();
    const client = new Client(t);
    await client.post('/api/auth/register', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_accepted: true,
      language: 'en',
    });
    expect(
      (await client.post('/api/auth/login', { email, password: 'Wrong-Pass-1' })).json().detail,
    ).toBe('invalid_credentials');
    const res = await client.post('/api/auth/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'user_is_not_activated' });
  });

  it('asks a new device for an e-mailed code, and a trusted device skips it next time', async () => {
    const { email } = await signedUpClient(t);
    const browser = new Client(t);
    const confirmed = await loginWithCode(t, browser, email, true);
    expect(confirmed.json()).toMatchObject({ status: 'authenticated', user: { email } });
    expect(browser.jar.get('device')).toBeDefined();
    expect((await browser.get('/api/auth/verify')).statusCode).toBe(200);

    browser.jar.delete('access');
    browser.jar.delete('refresh');
    const again = await browser.post('/api/auth/login', { email, password: PASSWORD });
    expect(again.json()).toMatchObject({ status: 'authenticated', user: { email } });
    expect((await browser.get('/api/auth/verify')).statusCode).toBe(200);
  });

  it('keeps asking a device that was not trusted', async () => {
    const { email } = await signedUpClient(t);
    const browser = new Client(t);
    await loginWithCode(t, browser, email, false);
    expect(browser.jar.get('device')).toBeUndefined();
    expect(
      (await browser.post('/api/auth/login', { email, password: PASSWORD })).json().status,
    ).toBe('code_required');
  });

  it("does not accept another user's trusted-device cookie", async () => {
    const alice = await signedUpClient(t);
    const aliceBrowser = new Client(t);
    await loginWithCode(t, aliceBrowser, alice.email, true);
    const bob = await signedUpClient(t);
    const bobBrowser = new Client(t);
    bobBrowser.jar.set('device', aliceBrowser.jar.get('device')!, '/api/auth');
    expect(
      (await bobBrowser.post('/api/auth/login', { email: bob.email, password: PASSWORD })).json()
        .status,
    ).toBe('code_required');
  });

  it('refuses a wrong second-step code, an unknown challenge, and a used one', async () => {
    const { email } = await signedUpClient(t);
    const browser = new Client(t);
    const first = await browser.post('/api/auth/login', { email, password: PASSWORD });
    const challenge = first.json().challenge_token as string;
    const code = await lastCodeTo(t, email);
    const wrong = code === '999999' ? '888888' : '999999';
    expect(
      (
        await browser.post('/api/auth/login/confirm', {
          challenge_token: challenge,
          code: wrong,
          trust_device: false,
        })
      ).json().detail,
    ).toBe('code_invalid');
    expect(
      (
        await browser.post('/api/auth/login/confirm', {
          challenge_token: 'made-up',
          code,
          trust_device: false,
        })
      ).json().detail,
    ).toBe('code_expired');
    expect(
      (
        await browser.post('/api/auth/login/confirm', {
          challenge_token: challenge,
          code,
          trust_device: false,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await browser.post('/api/auth/login/confirm', {
          challenge_token: challenge,
          code,
          trust_device: false,
        })
      ).json().detail,
    ).toBe('code_expired');
  });

  it('resends the sign-in code only after the cooldown', async () => {
    const { email } = await signedUpClient(t);
    const browser = new Client(t);
    const first = await browser.post('/api/auth/login', { email, password: PASSWORD });
    const res = await browser.post('/api/auth/login/resend', {
      challenge_token: first.json().challenge_token,
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it("does not let someone else's wrong passwords lock the owner out of a trusted device", async () => {
    const { email } = await signedUpClient(t);
    const owner = new Client(t);
    await loginWithCode(t, owner, email, true);
    const attacker = new Client(t);
    for (let i = 0; i < 10; i++) {
      await attacker.post('/api/auth/login', { email, password: `Wrong-Pass-${i}` });
    }
    expect((await attacker.post('/api/auth/login', { email, password: PASSWORD })).statusCode).toBe(
      429,
    );
    owner.jar.delete('access');
    owner.jar.delete('refresh');
    const signIn = await owner.post('/api/auth/login', { email, password: PASSWORD });
    expect([signIn.statusCode, signIn.json().status]).toEqual([200, 'authenticated']);
  });

  it('limits password attempts per account and per IP with 429 and Retry-After', async () => {
    const { email } = await signedUpClient(t);
    const attacker = new Client(t);
    for (let i = 0; i < 10; i++) {
      expect(
        (await attacker.post('/api/auth/login', { email, password: `Wrong-Pass-${i}` })).statusCode,
      ).toBe(400);
    }
    const limited = await new Client(t).post('/api/auth/login', { email, password: PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const sprayer = new Client(t);
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i++) {
      status = (await sprayer.post('/api/auth/login', { email: uniqueEmail(), password: PASSWORD }))
        .statusCode;
    }
    expect(status).toBe(429);
  });
});

describe('sessions', () => {
  it('answers /auth/verify with the user, and 401 without a session', async () => {
    const { client, email } = await signedUpClient(t);
    expect((await client.get('/api/auth/verify')).json()).toMatchObject({
      email,
      has_personal_info_set: false,
    });
    const anonymous = await new Client(t).get('/api/auth/verify');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'unauthorized' });
  });

  it('rotates the refresh token; the old one used again within 10 s (a second tab) changes nothing', async () => {
    const { client } = await signedUpClient(t);
    const stolen = client.jar.get('refresh')!;
    const rotated = await client.post('/api/auth/token/refresh');
    expect(rotated.statusCode).toBe(200);
    expect(client.jar.get('refresh')).not.toBe(stolen);

    // Within a few seconds a second use is taken for a concurrent tab, and changes nothing.
    const thief = new Client(t);
    thief.jar.set('refresh', stolen, '/api/auth');
    expect((await thief.post('/api/auth/token/refresh')).statusCode).toBe(200);
    expect(thief.jar.get('access')).toBeUndefined();
    expect((await client.get('/api/auth/verify')).statusCode).toBe(200);
    expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(200);
  });

  it('revokes the session when an old refresh token comes back later', async () => {
    let now = new Date();
    const timed = await createTestApp({ now: () => now });
    try {
      const { client } = await signedUpClient(timed);
      const stolen = client.jar.get('refresh')!;
      expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(200);
      now = new Date(now.getTime() + 60_000);
      const thief = new Client(timed);
      thief.jar.set('refresh', stolen, '/api/auth');
      const reuse = await thief.post('/api/auth/token/refresh');
      expect(reuse.statusCode).toBe(401);
      expect((await client.get('/api/auth/verify')).statusCode).toBe(401);
      expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(401);
    } finally {
      await timed.close();
    }
  });

  it('refuses refresh without a cookie or with a made-up one', async () => {
    expect((await new Client(t).post('/api/auth/token/refresh')).statusCode).toBe(401);
    const forger = new Client(t);
    forger.jar.set('refresh', 'forged', '/api/auth');
    expect((await forger.post('/api/auth/token/refresh')).json()).toEqual({
      detail: 'unauthorized',
    });
  });

  it('refuses a forged or tampered access token', async () => {
    const { client } = await signedUpClient(t);
    const access = client.jar.get('access')!;
    const forger = new Client(t);
    forger.jar.set('access', `${access.slice(0, -4)}AAAA`);
    expect((await forger.get('/api/auth/verify')).statusCode).toBe(401);
  });

  it('logs out: cookies cleared, session revoked, refresh refused', async () => {
    const { client } = await signedUpClient(t);
    const refresh = client.jar.get('refresh')!;
    const access = client.jar.get('access')!;
    const out = await client.get('/api/auth/logout');
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/login');
    expect(client.jar.get('access')).toBeUndefined();
    const replay = new Client(t);
    replay.jar.set('access', access);
    replay.jar.set('refresh', refresh, '/api/auth');
    expect((await replay.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await replay.post('/api/auth/token/refresh')).statusCode).toBe(401);
  });

  it('lists connected devices and signs out one, or all others; never another user’s', async () => {
    const { email, client: first } = await signedUpClient(t);
    const second = new Client(
      t,
      undefined,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    );
    await loginWithCode(t, second, email, false);
    const third = new Client(t);
    await loginWithCode(t, third, email, false);

    const list = (await first.get('/api/user/session/list')).json() as {
      pk: string;
      is_current: boolean;
      browser: string;
      os: string;
      ip: string;
    }[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.is_current)).toHaveLength(1);
    expect(list).toContainEqual(
      expect.objectContaining({ browser: 'Safari', os: 'iOS', ip: second.ip }),
    );
    const secondPk = list.find((s) => s.os === 'iOS')!.pk;

    const stranger = await signedUpClient(t);
    expect((await stranger.client.delete(`/api/user/session/delete/${secondPk}`)).statusCode).toBe(
      404,
    );
    expect((await second.get('/api/auth/verify')).statusCode).toBe(200);

    expect((await first.delete(`/api/user/session/delete/${secondPk}`)).statusCode).toBe(200);
    expect((await second.get('/api/auth/verify')).statusCode).toBe(401);

    expect((await first.post('/api/user/session/delete-others')).statusCode).toBe(200);
    expect((await third.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await first.get('/api/auth/verify')).statusCode).toBe(200);
    expect((await first.get('/api/user/session/list')).json()).toHaveLength(1);
  });
});
