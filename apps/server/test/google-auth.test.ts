import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { externalAccounts, sessions, users } from '../src/db/schema';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';
import { Client, PASSWORD, signedUpClient, uniqueEmail } from './accounts';
import { GOOGLE_CLIENT, googleEnv, startGoogleProvider } from './google-provider';
import { OidcTestBrowser, type OidcTestAccount, type OidcTestProvider } from './oidc-test-provider';

let provider: OidcTestProvider;
let t: TestApp;
/** Everything secret that passed through a sign-in: none of it may reach the log. */
const secrets = new Set<string>();

beforeAll(async () => {
  provider = await startGoogleProvider();
  t = await createTestApp({ env: googleEnv(provider.issuer) });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

let accounts = 0;
/** A Google account of its own for one test. */
function googleAccount(account: Partial<OidcTestAccount> = {}) {
  accounts += 1;
  const sub = `google-${process.pid}-${accounts}`;
  const details = { email: uniqueEmail('google'), email_verified: true, ...account };
  provider.setAccount(sub, details);
  return { sub, ...details };
}

/** The whole round trip of a browser: start, the provider's pages, the callback. */
async function signInWithGoogle(
  client: Client,
  options: { login: string; from?: string } | { cancel: true },
) {
  const from = 'from' in options ? options.from : undefined;
  const query = from === undefined ? '' : `?from=${encodeURIComponent(from)}`;
  const start = await client.get(`/api/auth/login/google${query}`);
  expect(start.statusCode, start.body).toBe(302);
  secrets.add(client.jar.get('provider_state')!);
  const callback = await new OidcTestBrowser().authorize(
    start.headers.location as string,
    'cancel' in options ? { cancel: true } : { login: options.login },
  );
  for (const name of ['code', 'state']) {
    const value = callback.searchParams.get(name);
    if (value) secrets.add(value);
  }
  return { start, callback, finish: () => client.get(`${callback.pathname}${callback.search}`) };
}

/** A browser signed in through Google. */
async function googleClient(login: string) {
  const client = new Client(t);
  const flow = await signInWithGoogle(client, { login });
  const done = await flow.finish();
  expect(done.statusCode, done.body).toBe(303);
  expect(done.headers.location).toBe('/auth/success');
  for (const name of ['access', 'refresh']) secrets.add(client.jar.get(name)!);
  return client;
}

const revoke = (client: Client, provider = 'google') => client.post(`/api/auth/revoke/${provider}`);

const userByEmail = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('signing in with Google', () => {
  it('creates an account for a new Google user, signed in through Google', async () => {
    const google = googleAccount({
      email: `New.Person.${process.pid}@Example.com`,
      given_name: '  Gina  ',
      family_name: 'G'.repeat(60),
    });
    const client = new Client(t);
    client.jar.set('lang', 'pl');
    const flow = await signInWithGoogle(client, { login: google.sub });
    expect(flow.start.headers['set-cookie']).toMatch(
      /provider_state=.+; Max-Age=600; Path=\/api\/auth\/callback\/google; HttpOnly; SameSite=Lax/,
    );
    const authorization = new URL(flow.start.headers.location as string);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      client_id: GOOGLE_CLIENT.client_id,
      redirect_uri: GOOGLE_CLIENT.redirect_uris[0],
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const done = await flow.finish();
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/auth/success');
    expect(client.jar.get('provider_state')).toBeUndefined();
    expect(client.jar.get('access')).toBeDefined();

    const me = (await client.get('/api/user/get')).json();
    expect(me).toMatchObject({
      email: google.email.toLowerCase(),
      name: 'Gina',
      surname: 'G'.repeat(50),
      user_type: 'EXTERNAL',
      has_password: false,
      has_personal_info_set: false,
      language: 'pl',
      customer: { plan: { product_name: 'Free' } },
    });
    const row = await userByEmail(google.email.toLowerCase());
    expect(row?.passwordHash).toBeNull();
    expect(row?.activatedAt).toBeInstanceOf(Date);
    expect((await client.get('/api/user/session/list')).json()).toEqual([
      expect.objectContaining({ provider: 'google', is_current: true }),
    ]);
    expect((await client.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'google' },
    ]);

    const again = await googleClient(google.sub);
    expect((await again.get('/api/auth/verify')).json().pk).toBe(me.pk);
  });

  it('links an existing password account with the same e-mail, without the second step', async () => {
    const { email, user } = await signedUpClient(t);
    const google = googleAccount({ email: email.toUpperCase() });
    const client = await googleClient(google.sub);
    const me = (await client.get('/api/user/get')).json();
    expect(me).toMatchObject({ pk: user.pk, user_type: 'INTERNAL', has_password: true });
    expect((await client.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'google' },
      { provider_name: 'system' },
    ]);
  });

  it('activates an account never activated, without the password nobody proved', async () => {
    const email = uniqueEmail();
    const registering = new Client(t);
    const register = await registering.post('/api/auth/register', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_accepted: true,
      language: 'en',
    });
    expect(register.statusCode).toBe(201);
    const client = await googleClient(googleAccount({ email }).sub);
    expect((await userByEmail(email))?.activatedAt).toBeInstanceOf(Date);
    expect((await client.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'google' },
    ]);
    const login = await new Client(t).post('/api/auth/login', { email, password: PASSWORD });
    expect(login.json()).toEqual({ detail: 'invalid_credentials' });
  });

  it('refuses an e-mail Google has not verified', async () => {
    const google = googleAccount({ email_verified: false });
    const client = new Client(t);
    const done = await (await signInWithGoogle(client, { login: google.sub })).finish();
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/auth/failure?reason=provider_email_not_verified');
    expect(client.jar.get('access')).toBeUndefined();
    expect(await userByEmail(google.email)).toBeUndefined();
  });

  it('sends a cancelled sign-in to /auth/cancel', async () => {
    const client = new Client(t);
    const flow = await signInWithGoogle(client, { cancel: true });
    expect(flow.callback.searchParams.get('error')).toBe('access_denied');
    const done = await flow.finish();
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/auth/cancel');
    expect(client.jar.get('provider_state')).toBeUndefined();
    expect(client.jar.get('access')).toBeUndefined();
  });

  it('sends any other provider error to /auth/failure', async () => {
    const client = new Client(t);
    const start = await client.get('/api/auth/login/google');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    secrets.add(state);
    const done = await client.get(
      `/api/auth/callback/google?error=temporarily_unavailable&state=${state}`,
    );
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/auth/failure?reason=unauthorized');
    expect(client.jar.get('provider_state')).toBeUndefined();
  });

  it('fails without its state cookie, with an altered one, or with another sign-in’s state', async () => {
    const google = googleAccount();
    const missing = new Client(t);
    const first = await signInWithGoogle(missing, { login: google.sub });
    missing.jar.delete('provider_state');

    const altered = new Client(t);
    const second = await signInWithGoogle(altered, { login: google.sub });
    const sealed = altered.jar.get('provider_state')!;
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    altered.jar.set('provider_state', flipped, '/api/auth/callback/google');

    const twoTabs = new Client(t);
    const older = await signInWithGoogle(twoTabs, { login: google.sub });
    await signInWithGoogle(twoTabs, { login: google.sub });

    for (const [client, flow] of [
      [missing, first],
      [altered, second],
      [twoTabs, older],
    ] as const) {
      const done = await flow.finish();
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('/auth/failure?reason=unauthorized');
      expect(client.jar.get('access')).toBeUndefined();
      expect(client.jar.get('provider_state')).toBeUndefined();
    }
    expect(await userByEmail(google.email)).toBeUndefined();
  });

  it('keeps `from` only when it is a path of this site', async () => {
    const google = googleAccount();
    const cases = [
      ['/settings?tab=account', '/auth/success?from=%2Fsettings%3Ftab%3Daccount'],
      ['//evil.example/x', '/auth/success'],
      ['/\\evil.example', '/auth/success'],
      ['/\t/evil.example', '/auth/success'],
      ['https://evil.example', '/auth/success'],
      ['/login', '/auth/success'],
      ['/register/', '/auth/success'],
    ];
    for (const [from, expected] of cases) {
      const flow = await signInWithGoogle(new Client(t), { login: google.sub, from });
      const done = await flow.finish();
      expect(done.headers.location, from).toBe(expected);
    }
  });

  it('handles two callbacks of a new Google account at once: one account', async () => {
    const google = googleAccount();
    const browsers = [new Client(t), new Client(t)];
    const flows = await Promise.all(
      browsers.map((client) => signInWithGoogle(client, { login: google.sub })),
    );
    const done = await Promise.all(flows.map((flow) => flow.finish()));
    expect(done.map((res) => res.headers.location)).toEqual(['/auth/success', '/auth/success']);
    const pks = await Promise.all(
      browsers.map(async (client) => (await client.get('/api/auth/verify')).json().pk),
    );
    expect(pks[0]).toBe(pks[1]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, google.email));
    expect(rows).toHaveLength(1);
    const links = await t.database.db
      .select()
      .from(externalAccounts)
      .where(eq(externalAccounts.subject, google.sub));
    expect(links).toHaveLength(1);
  });

  it('rate-limits starts per IP', async () => {
    const client = new Client(t);
    let last;
    for (let i = 0; i < 31; i++) last = await client.get('/api/auth/login/google');
    expect(last!.statusCode).toBe(303);
    expect(last!.headers.location).toBe('/auth/failure?reason=rate_limited');
  });
});

describe('Google sign-in configuration', () => {
  it('answers 404 and offers no Google button when GOOGLE_CLIENT_ID is unset', async () => {
    const plain = await createTestApp();
    try {
      for (const url of ['/api/auth/login/google', '/api/auth/callback/google?code=x&state=y']) {
        const res = await plain.app.inject(url);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'not_found' });
      }
      expect((await plain.app.inject('/api/runtime-config')).json().googleLoginUrl).toBe('');
    } finally {
      await plain.close();
    }
    expect((await t.app.inject('/api/runtime-config')).json().googleLoginUrl).toBe(
      `${TEST_ORIGIN}/api/auth/login/google`,
    );
  });

  it('starts while the issuer is unreachable, fails the sign-in, and tries again later', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const offline = await createTestApp({ env: googleEnv(`http://127.0.0.1:${port}`) });
    let late: OidcTestProvider | undefined;
    try {
      const client = new Client(offline);
      const start = await client.get('/api/auth/login/google');
      expect(start.statusCode).toBe(303);
      expect(start.headers.location).toBe('/auth/failure?reason=service_unavailable');
      expect((await client.get('/api/health')).statusCode).toBe(200);

      late = await startGoogleProvider(port);
      const retry = await client.get('/api/auth/login/google');
      expect(retry.statusCode).toBe(302);
      expect(retry.headers.location).toMatch(new RegExp(`^${late.issuer}/auth\\?`));
    } finally {
      await offline.close();
      await late?.close();
    }
  });
});

describe('disconnecting a provider', () => {
  it('is refused from a password session: not_in_provider_scope, nothing changed', async () => {
    const { client, email } = await signedUpClient(t);
    await googleClient(googleAccount({ email }).sub);
    for (const provider of ['google', 'system']) {
      const res = await revoke(client, provider);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'not_in_provider_scope' });
    }
    expect((await client.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'google' },
      { provider_name: 'system' },
    ]);
  });

  it('from a Google session: removes the link, ends every Google session, keeps the password one', async () => {
    const { client: passwordClient, email, user } = await signedUpClient(t);
    const google = googleAccount({ email });
    const current = await googleClient(google.sub);
    const elsewhere = await googleClient(google.sub);
    const currentAccess = current.jar.get('access')!;

    const res = await revoke(current);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const cleared = (res.cookies as { name: string; value: string }[]).map((c) => [
      c.name,
      c.value,
    ]);
    expect(cleared).toEqual(
      expect.arrayContaining([
        ['access', ''],
        ['refresh', ''],
      ]),
    );
    // The cookies are gone; the sessions themselves are revoked too.
    current.jar.set('access', currentAccess);
    for (const client of [current, elsewhere]) {
      expect((await client.get('/api/auth/verify')).statusCode).toBe(401);
    }
    expect((await passwordClient.get('/api/auth/verify')).statusCode).toBe(200);
    expect((await passwordClient.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'system' },
    ]);
    const live = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.pk));
    expect(
      live.filter((s) => !s.revokedAt).map((s) => s.provider),
      'live sessions',
    ).toEqual(['system']);
  });

  it("never touches another user's links or sessions", async () => {
    const alice = await googleClient(googleAccount().sub);
    const bob = await googleClient(googleAccount().sub);
    expect((await revoke(alice)).statusCode).toBe(200);
    expect((await bob.get('/api/auth/verify')).statusCode).toBe(200);
    expect((await bob.get('/api/user/external-provider/list')).json()).toEqual([
      { provider_name: 'google' },
    ]);
  });

  it('validates the provider and wants a session', async () => {
    const client = await googleClient(googleAccount().sub);
    for (const provider of ['facebook', 'GOOGLE']) {
      const res = await revoke(client, provider);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe('validation_error');
    }
    const anonymous = await revoke(new Client(t));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ detail: 'unauthorized' });
  });
});

describe('the log', () => {
  it('holds no authorization code, state, token or session cookie', async () => {
    const client = await googleClient(googleAccount().sub);
    await revoke(client);
    for (const token of provider.issuedTokens) secrets.add(token);
    expect(provider.issuedTokens.length).toBeGreaterThan(0);
    const log = t.logs.join('');
    expect(log).toContain('/api/auth/callback/google?code=[Redacted]&state=[Redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
