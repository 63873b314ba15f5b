import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { Client, lastCodeTo, lastMailTo, PASSWORD, uniqueEmail } from './accounts';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms_accepted: true,
  language: 'en',
  ...overrides,
});

describe('registration', () => {
  it('creates an account waiting for activation and e-mails a code in the chosen language', async () => {
    const client = new Client(t);
    const email = uniqueEmail('pl');
    const res = await client.post(
      '/api/auth/register',
      registration(email.toUpperCase(), { language: 'pl' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email });
    const mail = await lastMailTo(t, email);
    expect(mail.subject).toMatch(/kod|aktywac/i);
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(res.cookies).toHaveLength(0);
  });

  it.each([
    ['validation.passwordMin', 'Aa1'],
    ['validation.passwordMax', `Aa1${'x'.repeat(48)}`],
    ['validation.passwordCase', 'lowercase-only-1'],
    ['validation.passwordCase', 'UPPERCASE-ONLY-1'],
    ['validation.passwordDigitOrSpecial', 'NoDigitsOrSpecials'],
    ['validation.passwordCharacters', 'Has Space 1a'],
  ])('refuses a password breaking %s', async (message, password) => {
    const res = await new Client(t).post(
      '/api/auth/register',
      registration(uniqueEmail(), { password, password_confirmation: password }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('validation_error');
    expect(res.json().errors.password).toContain(message);
  });

  it('accepts every permitted special character and Polish letters', async () => {
    const password = 'Zażółć-gęślą!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
    const res = await new Client(t).post(
      '/api/auth/register',
      registration(uniqueEmail(), { password, password_confirmation: password }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses a repeat that does not match, a bad e-mail or language', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { password_confirmation: 'Other-Pass-1' },
        'password_confirmation',
        'validation.passwordMismatch',
      ],
      [{ email: 'not-an-email' }, 'email', 'validation.emailInvalid'],
      [{ language: 'de' }, 'language', 'Invalid option: expected one of "en"|"pl"'],
    ];
    for (const [override, field, message] of cases) {
      const res = await new Client(t).post(
        '/api/auth/register',
        registration(uniqueEmail(), override),
      );
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors[field], field).toContain(message);
    }
  });

  it('answers terms_not_accepted when the terms alone are wrong, creating nothing', async () => {
    for (const terms of [{ terms_accepted: false }, { terms_accepted: undefined }]) {
      const email = uniqueEmail('terms');
      const res = await new Client(t).post('/api/auth/register', registration(email, terms));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'terms_not_accepted' });
      const login = await new Client(t).post('/api/auth/login', { email, password: PASSWORD });
      expect(login.json().detail).toBe('invalid_credentials');
    }
    // With other fields wrong too, every field error is listed, the terms among them.
    const both = await new Client(t).post(
      '/api/auth/register',
      registration('not-an-email', { terms_accepted: false }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({
      detail: 'validation_error',
      errors: {
        email: ['validation.emailInvalid'],
        terms_accepted: ['validation.termsRequired'],
      },
    });
  });

  it('lets an address never activated register again, a new code replacing the previous one after the resend cooldown', async () => {
    const email = uniqueEmail();
    const client = new Client(t);
    await client.post('/api/auth/register', registration(email));
    const first = await lastCodeTo(t, email);
    clock = new Date(clock.getTime() + 61_000);
    await client.post('/api/auth/register', registration(email));
    const second = await lastMailTo(t, email, (mail) => !mail.text.includes(first));
    const code = /\b(\d{6})\b/.exec(second.text)![1]!;
    const stale = await client.post('/api/auth/activate', { email, code: first });
    expect(stale.json().detail).toBe('code_invalid');
    expect((await client.post('/api/auth/activate', { email, code })).statusCode).toBe(200);
  });

  it('keeps the password an address waiting for activation was registered with', async () => {
    const email = uniqueEmail();
    const client = new Client(t);
    await client.post('/api/auth/register', registration(email));
    const sent = await lastCodeTo(t, email);
    clock = new Date(clock.getTime() + 61_000);
    const other = 'Another-Horse-7';
    const again = await new Client(t).post(
      '/api/auth/register',
      registration(email, { password: other, password_confirmation: other }),
    );
    expect(again.statusCode).toBe(201);
    const mail = await lastMailTo(t, email, (each) => !each.text.includes(sent));
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect((await client.post('/api/auth/activate', { email, code })).statusCode).toBe(200);
    const device = new Client(t);
    const theirs = await device.post('/api/auth/login', { email, password: other });
    expect([theirs.statusCode, theirs.json().detail]).toEqual([400, 'invalid_credentials']);
    const first = await device.post('/api/auth/login', { email, password: PASSWORD });
    expect(first.json().status, first.body).toBe('code_required');
  });
});

describe('activation', () => {
  it('signs the user in with httpOnly cookies', async () => {
    const email = uniqueEmail();
    const client = new Client(t);
    await client.post('/api/auth/register', registration(email));
    const code = await lastCodeTo(t, email);
    const res = await client.post('/api/auth/activate', { email, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'authenticated',
      user: { email, has_personal_info_set: false },
    });
    const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cookies.access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect((await client.get('/api/auth/verify')).json()).toMatchObject({ email });
    expect((await client.post('/api/auth/activate', { email, code })).json().detail).toBe(
      'code_invalid',
    );
  });

  it('counts wrong codes: after 5 even the right code is expired', async () => {
    const email = uniqueEmail();
    const client = new Client(t);
    await client.post('/api/auth/register', registration(email));
    const code = await lastCodeTo(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await client.post('/api/auth/activate', { email, code: wrong });
      expect(res.json().detail).toBe('code_invalid');
    }
    expect((await client.post('/api/auth/activate', { email, code })).json().detail).toBe(
      'code_expired',
    );
  });

  it('expires a code after 15 minutes', async () => {
    const email = uniqueEmail();
    const client = new Client(t);
    await client.post('/api/auth/register', registration(email));
    const code = await lastCodeTo(t, email);
    const start = clock;
    clock = new Date(start.getTime() + 15 * 60_000 + 1000);
    try {
      expect((await client.post('/api/auth/activate', { email, code })).json().detail).toBe(
        'code_expired',
      );
    } finally {
      clock = start;
    }
  });

  it('refuses malformed codes by the shared rule', async () => {
    for (const code of ['12345', '1234567', 'abcdef']) {
      const res = await new Client(t).post('/api/auth/activate', { email: uniqueEmail(), code });
      expect(res.json().errors.code).toContain('validation.codeLength');
    }
  });

  it('resends a code after the cooldown only, and answers the same for unknown addresses', async () => {
    const email = uniqueEmail();
    const client = new Client(t);
    await client.post('/api/auth/register', registration(email));
    await lastCodeTo(t, email);
    const early = await client.post('/api/auth/activation/resend', { email, language: 'en' });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ detail: 'rate_limited' });
    expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
    const start = clock;
    clock = new Date(start.getTime() + 61_000);
    try {
      expect(
        (await client.post('/api/auth/activation/resend', { email, language: 'pl' })).statusCode,
      ).toBe(202);
      const code = await lastCodeTo(t, email);
      expect((await client.post('/api/auth/activate', { email, code })).statusCode).toBe(200);
    } finally {
      clock = start;
    }
    expect(
      (await client.post('/api/auth/activation/resend', { email: uniqueEmail(), language: 'en' }))
        .statusCode,
    ).toBe(202);
  });
});
