import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { devOutbox } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';
import { Client, lastMailTo, PASSWORD, signedUpClient, uniqueEmail } from './accounts';

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-New-Pass-7';

async function resetLink(email: string, language = 'en') {
  const res = await new Client(t).post('/api/auth/password-reset/request', { email, language });
  expect(res.statusCode).toBe(202);
  const mail = await lastMailTo(t, email, (m) => m.text.includes('/reset-password/'));
  const link = /https?:\/\/\S+\/reset-password\/([\w-]+)/.exec(mail.text);
  expect(link, 'a reset link in the e-mail').not.toBeNull();
  return { token: link![1]!, mail };
}

describe('password reset', () => {
  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const res = await new Client(t).post('/api/auth/password-reset/request', {
      email,
      language: 'en',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'accepted' });
    await t.app.jobs.runDueJobs();
    expect(
      await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, email)),
    ).toHaveLength(0);
  });

  it('e-mails a link to the app; the new password works, the old does not, every session is gone', async () => {
    const { email, client } = await signedUpClient(t);
    const other = new Client(t);
    const first = await other.post('/api/auth/login', { email, password: PASSWORD });
    expect(first.json().status).toBe('code_required');

    const { token, mail } = await resetLink(email, 'pl');
    expect(mail.text).toContain('http://localhost:5173/reset-password/');
    expect((await new Client(t).get(`/api/auth/password-reset/verify/${token}`)).json()).toEqual({
      status: 'ok',
    });
    const done = await new Client(t).post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(done.statusCode, done.body).toBe(200);

    expect((await client.get('/api/auth/verify')).statusCode).toBe(401);
    expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(401);
    expect(
      (await new Client(t).post('/api/auth/login', { email, password: PASSWORD })).json().detail,
    ).toBe('invalid_credentials');
    expect(
      (await new Client(t).post('/api/auth/login', { email, password: NEW_PASSWORD })).json()
        .status,
    ).toBe('code_required');
  });

  it('is single use, and every earlier link dies with it', async () => {
    const { email } = await signedUpClient(t);
    const older = await resetLink(email);
    const newer = await resetLink(email);
    const body = (token: string) => ({
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(
      (await new Client(t).post('/api/auth/password-reset/confirm', body(newer.token))).statusCode,
    ).toBe(200);
    for (const token of [newer.token, older.token]) {
      const again = await new Client(t).post('/api/auth/password-reset/confirm', body(token));
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: 'reset_link_invalid' });
      expect((await new Client(t).get(`/api/auth/password-reset/verify/${token}`)).json()).toEqual({
        detail: 'reset_link_invalid',
      });
    }
  });

  it('expires after one hour', async () => {
    const { email } = await signedUpClient(t);
    const { token } = await resetLink(email);
    const start = clock;
    clock = new Date(start.getTime() + 60 * 60_000 + 1000);
    try {
      expect(
        (await new Client(t).get(`/api/auth/password-reset/verify/${token}`)).json().detail,
      ).toBe('reset_link_invalid');
    } finally {
      clock = start;
    }
  });

  it('applies the password rules and the repeat', async () => {
    const { email } = await signedUpClient(t);
    const { token } = await resetLink(email);
    const weak = await new Client(t).post('/api/auth/password-reset/confirm', {
      token,
      password: 'weak',
      password_confirmation: 'weak',
    });
    expect(weak.json().errors.password).toContain('validation.passwordMin');
    const mismatch = await new Client(t).post('/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: 'Other-Pass-1',
    });
    expect(mismatch.json().errors.password_confirmation).toContain('validation.passwordMismatch');
  });

  it('stops sending after three requests an hour for one address, still answering 202', async () => {
    const { email } = await signedUpClient(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (await new Client(t).post('/api/auth/password-reset/request', { email, language: 'en' }))
          .statusCode,
      ).toBe(202);
    }
    await t.app.jobs.runDueJobs();
    const sent = await t.database.db
      .select()
      .from(devOutbox)
      .where(eq(devOutbox.to, email))
      .orderBy(desc(devOutbox.createdAt));
    expect(sent.filter((m) => m.text.includes('/reset-password/'))).toHaveLength(3);
  });
});
