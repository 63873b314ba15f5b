import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { Client, lastCodeTo, PASSWORD, resetTokenFor, uniqueEmail } from './accounts';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const CHANGED_PASSWORD = 'Changed-Pass-8';
const RESET_PASSWORD = 'Reset-Pass-9';

/** Every value that must never be logged, gathered while one account goes through it all. */
const secrets = new Set<string>([PASSWORD, CHANGED_PASSWORD, RESET_PASSWORD]);
/** 6-digit codes, searched as whole numbers: a timestamp may contain any six digits. */
const codes = new Set<string>();
const keepCookies = (client: Client) => {
  for (const name of ['access', 'refresh', 'device']) {
    const value = client.jar.get(name);
    if (value) secrets.add(value);
  }
};

describe('secrets never reach the log', () => {
  it('has no password, code, token or cookie value in any log line', async () => {
    const email = uniqueEmail('log');
    const client = new Client(t);
    await client.post('/api/auth/register', {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_accepted: true,
      language: 'en',
    });
    const activation = await lastCodeTo(t, email);
    codes.add(activation);
    expect((await client.post('/api/auth/activate', { email, code: activation })).statusCode).toBe(
      200,
    );
    keepCookies(client);

    // The second sign-in step, trusting the device; the device cookie then skips it.
    const browser = new Client(t);
    const login = await browser.post('/api/auth/login', { email, password: PASSWORD });
    secrets.add(login.json().challenge_token);
    const loginCode = await lastCodeTo(t, email);
    codes.add(loginCode);
    const confirm = await browser.post('/api/auth/login/confirm', {
      challenge_token: login.json().challenge_token,
      code: loginCode,
      trust_device: true,
    });
    expect(confirm.statusCode).toBe(200);
    keepCookies(browser);
    browser.jar.delete('access');
    browser.jar.delete('refresh');
    const trusted = await browser.post('/api/auth/login', { email, password: PASSWORD });
    expect(trusted.json().status).toBe('authenticated');
    keepCookies(browser);

    // The refresh cookie is sent, and a new pair comes back.
    expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(200);
    keepCookies(client);

    clock = new Date(clock.getTime() + 61_000);
    await client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_PASSWORD_CHANGE',
    });
    const changeCode = await lastCodeTo(t, email);
    codes.add(changeCode);
    const change = await client.post('/api/user/change-password', {
      verification_code: changeCode,
      new_password: CHANGED_PASSWORD,
    });
    expect(change.statusCode).toBe(200);

    // The reset link: the API check, the web page it opens, then the new password.
    const token = await resetTokenFor(t, email);
    secrets.add(token);
    const visitor = new Client(t);
    await visitor.get(`/reset-password/${token}`);
    expect((await visitor.get(`/api/auth/password-reset/verify/${token}`)).statusCode).toBe(200);
    const reset = await visitor.post('/api/auth/password-reset/confirm', {
      token,
      password: RESET_PASSWORD,
      password_confirmation: RESET_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    await t.app.jobs.runDueJobs();

    const log = t.logs.join('');
    expect(secrets.size).toBeGreaterThanOrEqual(10);
    for (const secret of secrets) {
      expect(log.includes(secret), `secret ${secret.slice(0, 4)}… in the log`).toBe(false);
    }
    expect(codes.size).toBeGreaterThanOrEqual(2);
    for (const code of codes) expect(log).not.toMatch(new RegExp(`(?<![\\d.])${code}(?![\\d.])`));
    expect(log).not.toMatch(/reset-password\/[\w-]{20,}/);
    expect(log).not.toMatch(/"cookie"/i);
    // The requests were logged, so it is the redaction that keeps the token out.
    expect(log).toContain('"url":"/reset-password/[Redacted]"');
    expect(log).toContain('"url":"/api/auth/password-reset/verify/[Redacted]"');
  });
});
