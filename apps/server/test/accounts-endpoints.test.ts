import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, lastCodeTo, PASSWORD, signedUpClient } from './accounts';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const openSessions = async (userId: string) =>
  (await t.database.db.select().from(sessions).where(eq(sessions.userId, userId))).filter(
    (session) => session.revokedAt === null,
  );

describe('login resend', () => {
  it('sends a new sign-in code after the cooldown; it replaces the first', async () => {
    const { email } = await signedUpClient(t);
    const browser = new Client(t);
    const login = await browser.post('/api/auth/login', { email, password: PASSWORD });
    const challenge = login.json().challenge_token as string;
    const first = await lastCodeTo(t, email);
    clock = new Date(clock.getTime() + 61_000);
    const resend = await browser.post('/api/auth/login/resend', { challenge_token: challenge });
    expect(resend.statusCode, resend.body).toBe(202);
    expect(resend.json()).toEqual({ status: 'accepted' });
    const second = await lastCodeTo(t, email);
    const confirm = (code: string) =>
      browser.post('/api/auth/login/confirm', {
        challenge_token: challenge,
        code,
        trust_device: false,
      });
    if (first !== second) expect((await confirm(first)).json().detail).toBe('code_invalid');
    expect((await confirm(second)).json()).toMatchObject({ status: 'authenticated' });
  });

  it('answers code_expired for an unknown or used challenge', async () => {
    const unknown = await new Client(t).post('/api/auth/login/resend', {
      challenge_token: 'made-up-challenge',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'code_expired' });

    const { email } = await signedUpClient(t);
    const browser = new Client(t);
    const login = await browser.post('/api/auth/login', { email, password: PASSWORD });
    const challenge_token = login.json().challenge_token as string;
    const code = await lastCodeTo(t, email);
    await browser.post('/api/auth/login/confirm', { challenge_token, code, trust_device: false });
    clock = new Date(clock.getTime() + 61_000);
    const used = await browser.post('/api/auth/login/resend', { challenge_token });
    expect(used.json()).toEqual({ detail: 'code_expired' });
  });
});

describe('logout', () => {
  it('POST clears both cookies and revokes the session', async () => {
    const { client, user } = await signedUpClient(t);
    const access = client.jar.get('access')!;
    const refresh = client.jar.get('refresh')!;
    expect(await openSessions(user.pk)).toHaveLength(1);

    const out = await client.post('/api/auth/logout');
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'ok' });
    const cleared = Object.fromEntries(out.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cleared.access).toMatchObject({ value: '', path: '/' });
    expect(cleared.refresh).toMatchObject({ value: '', path: '/api/auth' });
    for (const cookie of [cleared.access!, cleared.refresh!]) {
      expect(cookie.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(await openSessions(user.pk)).toHaveLength(0);

    const replay = new Client(t);
    replay.jar.set('access', access);
    replay.jar.set('refresh', refresh, '/api/auth');
    expect((await replay.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await replay.post('/api/auth/token/refresh')).statusCode).toBe(401);
  });

  it('POST without a session still answers ok; from another origin it is refused', async () => {
    expect((await new Client(t).post('/api/auth/logout')).json()).toEqual({ status: 'ok' });
    const { client, user } = await signedUpClient(t);
    const forged = await client.request({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ detail: 'origin_not_allowed' });
    expect(await openSessions(user.pk)).toHaveLength(1);
  });

  it('GET started by another site or an image goes to the app and keeps the session', async () => {
    const { client, user } = await signedUpClient(t);
    const crossSite = await client.request({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(303);
    expect(crossSite.headers.location).toBe('/');
    expect(crossSite.cookies).toHaveLength(0);
    expect((await client.get('/api/auth/verify')).statusCode).toBe(200);
    expect(await openSessions(user.pk)).toHaveLength(1);

    // An image in one of our own pages (an answer's markdown) is no navigation either.
    const image = await client.request({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'image' },
    });
    expect(image.statusCode).toBe(303);
    expect((await client.get('/api/auth/verify')).statusCode).toBe(200);

    // Our own page, or the address typed in, signs out.
    for (const site of ['same-origin', 'none']) {
      const { client: browser } = await signedUpClient(t);
      const out = await browser.request({
        method: 'GET',
        url: '/api/auth/logout',
        headers: { 'sec-fetch-site': site, 'sec-fetch-dest': 'document' },
      });
      expect(out.statusCode, site).toBe(303);
      expect(out.headers.location, site).toBe('/login');
      expect((await browser.get('/api/auth/verify')).statusCode, site).toBe(401);
    }
  });

  it('GET with a path of this site goes to the login page that returns to it, nowhere else', async () => {
    const invitation = '/organizations/invitation?invitation_type=EMAIL&invitation_pk=abc';
    const cases: [string, string][] = [
      [invitation, `/login?${new URLSearchParams({ from: invitation })}`],
      ['//evil.example/x', '/login'],
      ['https://evil.example', '/login'],
      ['/\\evil.example', '/login'],
      ['/login', '/login'],
    ];
    for (const [from, location] of cases) {
      const { client } = await signedUpClient(t);
      const out = await client.request({
        method: 'GET',
        url: `/api/auth/logout?${new URLSearchParams({ from })}`,
        headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' },
      });
      expect([out.statusCode, out.headers.location], from).toEqual([303, location]);
      expect((await client.get('/api/auth/verify')).statusCode, from).toBe(401);
    }
  });
});

describe('devices', () => {
  it('answers 400 for a malformed session id and signs nothing out', async () => {
    const { client, user } = await signedUpClient(t);
    for (const pk of ['not-a-uuid', '123', `${user.pk}x`]) {
      const res = await client.delete(`/api/user/session/delete/${pk}`);
      expect(res.statusCode, pk).toBe(400);
      expect(res.json().detail, pk).toBe('validation_error');
    }
    expect((await client.get('/api/auth/verify')).statusCode).toBe(200);
    expect(await openSessions(user.pk)).toHaveLength(1);
  });
});
