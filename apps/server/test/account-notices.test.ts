import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devOutbox, users } from '../src/db/schema';
import { formatMailTime } from '../src/platform/mail/notices';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';
import {
  Client,
  lastCodeTo,
  lastMailTo,
  PASSWORD,
  resetPasswordByLink,
  signedUpClient,
  uniqueEmail,
} from './accounts';
import { googleEnv, startGoogleProvider } from './google-provider';
import { OidcTestBrowser, type OidcTestProvider } from './oidc-test-provider';

const CONTACT_EMAIL = 'pomoc@kancelaria-themis.pl';
let provider: OidcTestProvider;
let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  provider = await startGoogleProvider();
  t = await createTestApp({
    now: () => clock,
    env: { ...googleEnv(provider.issuer), CONTACT_EMAIL },
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

const NEW_PASSWORD = 'Changed-Pass-8';
const SUBJECTS = {
  passwordChanged: {
    en: 'Your Themis password was changed',
    pl: 'Hasło do Themis zostało zmienione',
  },
  deleted: { en: 'Your Themis account was deleted', pl: 'Twoje konto w Themis zostało usunięte' },
  newSignIn: {
    en: 'New sign-in to your Themis account',
    pl: 'Nowe logowanie do Twojego konta w Themis',
  },
} as const;

/** Codes have a 60 s resend cooldown; a test that asks for one first moves past it. */
const later = () => {
  clock = new Date(clock.getTime() + 61_000);
};

const mailsTo = (email: string, subject: string) =>
  t.database.db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.to, email), eq(devOutbox.subject, subject)));

/** The newest mail with this subject, after delivering what is queued. */
const noticeTo = (email: string, subject: string) =>
  lastMailTo(t, email, (mail) => mail.subject === subject);

/** A notice tells what happened and carries nothing that would let anyone act on it. */
function expectNoSecret(mail: { subject: string; text: string; html: string }, secrets: string[]) {
  for (const part of [mail.subject, mail.text, mail.html]) {
    expect(part).not.toMatch(/\b\d{6}\b/);
    for (const secret of secrets) expect(part).not.toContain(secret);
  }
}

/** An activated account whose e-mails are in `language`, signed in on `client`. */
async function account(language: 'en' | 'pl') {
  const { client, email, code } = await signedUpClient(t, uniqueEmail(language), { language });
  return { client, email, secrets: [PASSWORD, code] };
}

const cookiesOf = (client: Client) =>
  ['access', 'refresh', 'device'].flatMap((name) => client.jar.get(name) ?? []);

describe('security notices', () => {
  it.each(['en', 'pl'] as const)(
    'tell the owner of a password change, in %s, without a secret',
    async (language) => {
      const { client, email, secrets } = await account(language);
      later();
      await client.post('/api/user/send-verification-code', {
        verification_code_type: 'USER_PASSWORD_CHANGE',
      });
      const code = await lastCodeTo(t, email);
      const changed = await client.post('/api/user/change-password', {
        verification_code: code,
        new_password: NEW_PASSWORD,
      });
      expect(changed.statusCode, changed.body).toBe(200);

      const mail = await noticeTo(email, SUBJECTS.passwordChanged[language]);
      expect(mail.text).toContain(formatMailTime(clock, language));
      expect(mail.text).toContain(`${TEST_ORIGIN}/send-reset-password-link`);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain(`href="${TEST_ORIGIN}/send-reset-password-link"`);
      expectNoSecret(mail, [...secrets, code, NEW_PASSWORD, ...cookiesOf(client)]);
    },
  );

  it('tell the owner of a password set through a reset link, without the link', async () => {
    const { email } = await signedUpClient(t);
    const token = await resetPasswordByLink(t, email, NEW_PASSWORD);

    const mail = await noticeTo(email, SUBJECTS.passwordChanged.en);
    expect(mail.text).toContain('was changed on');
    expectNoSecret(mail, [PASSWORD, token, NEW_PASSWORD]);
  });

  it('say goodbye to the address of a deleted account, in its language', async () => {
    const { client, email, secrets } = await account('pl');
    later();
    await client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_DELETE',
    });
    const code = await lastCodeTo(t, email);
    const cookies = cookiesOf(client);
    const deleted = await client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: code, password: PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const mail = await noticeTo(email, SUBJECTS.deleted.pl);
    // The operator's mailbox, from the configuration.
    expect(mail.text).toContain(CONTACT_EMAIL);
    expect(mail.text).toContain(formatMailTime(clock, 'pl'));
    expectNoSecret(mail, [...secrets, code, ...cookies]);
  });

  it('tell of a sign-in on a device not trusted before, and not of a trusted one', async () => {
    const { email, secrets } = await account('en');
    // Activation signs in the first device of an account: nothing to warn about.
    expect(await mailsTo(email, SUBJECTS.newSignIn.en)).toHaveLength(0);

    const browser = new Client(t, '203.0.113.7');
    const login = await browser.post('/api/auth/login', { email, password: PASSWORD });
    const challenge = login.json().challenge_token as string;
    const code = await lastCodeTo(t, email);
    const confirmed = await browser.post('/api/auth/login/confirm', {
      challenge_token: challenge,
      code,
      trust_device: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const mail = await noticeTo(email, SUBJECTS.newSignIn.en);
    expect(mail.text).toContain('Device: Chrome on Linux');
    expect(mail.text).toContain('IP address: 203.0.113.7');
    expect(mail.text).toContain(`Time: ${formatMailTime(clock, 'en')}`);
    expect(mail.text).toContain('Signed in with: E-mail and password');
    expect(mail.html).toContain('203.0.113.7');
    expectNoSecret(mail, [...secrets, code, challenge, ...cookiesOf(browser)]);

    browser.jar.delete('access');
    browser.jar.delete('refresh');
    const trusted = await browser.post('/api/auth/login', { email, password: PASSWORD });
    expect(trusted.json().status).toBe('authenticated');
    await t.app.jobs.runDueJobs();
    expect(await mailsTo(email, SUBJECTS.newSignIn.en)).toHaveLength(1);
  });
});

describe('Google sign-in notices', () => {
  let accounts = 0;
  async function signInWithGoogle(client: Client, email: string) {
    accounts += 1;
    const sub = `notice-${process.pid}-${accounts}`;
    provider.setAccount(sub, { email, email_verified: true });
    const start = await client.get('/api/auth/login/google');
    const callback = await new OidcTestBrowser().authorize(start.headers.location as string, {
      login: sub,
    });
    const done = await client.get(`${callback.pathname}${callback.search}`);
    expect(done.headers.location).toBe('/auth/success');
  }

  it('tell the owner that Google signed in a new device, unless Google just created the account', async () => {
    const created = uniqueEmail('google-new');
    await signInWithGoogle(new Client(t), created);
    await t.app.jobs.runDueJobs();
    expect(await t.database.db.select().from(devOutbox).where(eq(devOutbox.to, created))).toEqual(
      [],
    );

    const { email } = await signedUpClient(t);
    // Activated before this sign-in, as any account Google did not just create or activate.
    later();
    const browser = new Client(t, '198.51.100.4');
    await signInWithGoogle(browser, email);
    const mail = await noticeTo(email, SUBJECTS.newSignIn.en);
    expect(mail.text).toContain('IP address: 198.51.100.4');
    expect(mail.text).toContain('Signed in with: Google');
    expectNoSecret(mail, cookiesOf(browser));
  });
});
