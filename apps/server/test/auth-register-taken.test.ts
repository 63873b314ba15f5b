import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { devOutbox, jobs } from '../src/db/schema';
import { hashPassword } from '../src/platform/crypto/secrets';
import { createTestApp, TEST_ORIGIN, type TestApp } from './app';
import { Client, lastCodeTo, lastMailTo, PASSWORD, uniqueEmail } from './accounts';

// The files of a worker share their modules (isolate: false): start from fresh ones, so the
// app below imports the counted hasher rather than one an earlier file loaded.
vi.hoisted(() => vi.resetModules());

// The real hasher, counted: the same work for every address is what keeps answers alike.
vi.mock('../src/platform/crypto/secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/platform/crypto/secrets')>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let t: TestApp;
let clock = new Date();
beforeAll(async () => {
  // Jobs run only when a test delivers them, so a test can count what was queued.
  t = await createTestApp({ now: () => clock, startWorker: false });
});
afterAll(() => t.close());

const OTHER_PASSWORD = 'Someone-Else-7';
const NOTICE_SUBJECTS = {
  en: 'Someone tried to create a Themis account with your address',
  pl: 'Ktoś próbował założyć konto w Themis na Twój adres',
} as const;

const registration = (email: string, password = PASSWORD, language = 'en') => ({
  email,
  password,
  password_confirmation: password,
  terms_accepted: true,
  language,
});

const register = (email: string, password?: string, language?: string) =>
  new Client(t).post('/api/auth/register', registration(email, password, language));

async function activeAccount(language: 'en' | 'pl' = 'en') {
  const email = uniqueEmail('owner');
  const client = new Client(t);
  await client.post('/api/auth/register', registration(email, PASSWORD, language));
  const code = await lastCodeTo(t, email);
  expect((await client.post('/api/auth/activate', { email, code })).statusCode).toBe(200);
  return email;
}

const mailsTo = async (email: string) => {
  await t.app.jobs.runDueJobs();
  return t.database.db.select().from(devOutbox).where(eq(devOutbox.to, email));
};

const noticesTo = async (email: string, language: 'en' | 'pl' = 'en') => {
  await t.app.jobs.runDueJobs();
  return t.database.db
    .select()
    .from(devOutbox)
    .where(and(eq(devOutbox.to, email), eq(devOutbox.subject, NOTICE_SUBJECTS[language])));
};

const after = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** Everything of an answer a caller can compare, the address aside. */
const shapeOf = (res: Awaited<ReturnType<typeof register>>, email: string) => ({
  status: res.statusCode,
  body: res.body.replace(email, '<email>'),
  cookies: res.headers['set-cookie'],
  headers: Object.keys(res.headers)
    .filter((name) => !['date', 'x-request-id'].includes(name))
    .sort(),
});

describe('registering an address that already has an account', () => {
  it('answers exactly as for a new address, changes nothing and tells the owner', async () => {
    const owner = await activeAccount('pl');
    const fresh = uniqueEmail('fresh');
    const taken = await register(owner, OTHER_PASSWORD);
    const free = await register(fresh, OTHER_PASSWORD);
    expect(shapeOf(taken, owner)).toEqual(shapeOf(free, fresh));
    expect(taken.statusCode).toBe(201);
    expect(taken.json()).toEqual({ email: owner });

    // Told in the owner's language, not the one the form was sent in; no code to use.
    const [notice] = await noticesTo(owner, 'pl');
    expect(notice, 'a notice to the owner').toBeDefined();
    expect(notice!.text).toContain(`${TEST_ORIGIN}/login`);
    expect(notice!.html).toContain('<html lang="pl">');
    for (const part of [notice!.subject, notice!.text, notice!.html]) {
      expect(part).not.toMatch(/\b\d{6}\b/);
      expect(part).not.toContain(OTHER_PASSWORD);
    }

    const login = (password: string) =>
      new Client(t).post('/api/auth/login', { email: owner, password });
    expect((await login(PASSWORD)).json().status).toBe('code_required');
    expect((await login(OTHER_PASSWORD)).json().detail).toBe('invalid_credentials');
  });

  it('does the same work for both: one password hash and one queued e-mail', async () => {
    const owner = await activeAccount();
    await t.app.jobs.runDueJobs();
    const hashes = vi.mocked(hashPassword);
    for (const email of [owner, uniqueEmail('fresh')]) {
      hashes.mockClear();
      expect((await register(email)).statusCode).toBe(201);
      expect(hashes, email === owner ? 'taken address' : 'new address').toHaveBeenCalledOnce();
      const queued = await t.database.db.select().from(jobs);
      expect(queued, email === owner ? 'taken address' : 'new address').toHaveLength(1);
      await t.app.jobs.runDueJobs();
    }
  });

  it('tells the owner once per resend cooldown, however often the address is registered', async () => {
    const owner = await activeAccount();
    const other = await activeAccount();
    for (let i = 0; i < 3; i++) expect((await register(owner)).statusCode).toBe(201);
    expect(await noticesTo(owner)).toHaveLength(1);
    // The cooldown is the address's own.
    expect((await register(other)).statusCode).toBe(201);
    expect(await noticesTo(other)).toHaveLength(1);
  });
});

describe('registering again an address never activated', () => {
  it('mails no new code within the resend cooldown; the first password stays', async () => {
    const email = uniqueEmail('pending');
    expect((await register(email)).statusCode).toBe(201);
    const first = await lastCodeTo(t, email);
    for (let i = 0; i < 3; i++) {
      const again = await register(email, OTHER_PASSWORD);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual({ email });
    }
    expect(await mailsTo(email)).toHaveLength(1);

    const client = new Client(t);
    expect((await client.post('/api/auth/activate', { email, code: first })).statusCode).toBe(200);
    const login = await new Client(t).post('/api/auth/login', { email, password: OTHER_PASSWORD });
    expect([login.statusCode, login.json().detail]).toEqual([400, 'invalid_credentials']);
    const original = await new Client(t).post('/api/auth/login', { email, password: PASSWORD });
    expect(original.json().status, original.body).toBe('code_required');
  });

  it('shares the cooldown with a resent code, and mails a fresh code after it', async () => {
    const email = uniqueEmail('pending');
    await register(email);
    await lastCodeTo(t, email);
    after(61_000);
    const resend = await new Client(t).post('/api/auth/activation/resend', {
      email,
      language: 'en',
    });
    expect(resend.statusCode).toBe(202);
    const resent = await lastCodeTo(t, email);
    expect((await register(email)).statusCode).toBe(201);
    expect(await mailsTo(email)).toHaveLength(2);

    after(61_000);
    expect((await register(email)).statusCode).toBe(201);
    const fresh = await lastMailTo(t, email, (mail) => !mail.text.includes(resent));
    const code = /\b(\d{6})\b/.exec(fresh.text)![1]!;
    expect(await mailsTo(email)).toHaveLength(3);
    const client = new Client(t);
    if (code !== resent) {
      expect((await client.post('/api/auth/activate', { email, code: resent })).json()).toEqual({
        detail: 'code_invalid',
      });
    }
    expect((await client.post('/api/auth/activate', { email, code })).statusCode).toBe(200);
  });
});

describe('asking for the activation code again', () => {
  const resend = (email: string) =>
    new Client(t).post('/api/auth/activation/resend', { email, language: 'en' });

  it('answers alike for an unknown, a waiting and an active address, twice in a row', async () => {
    const unknown = uniqueEmail('nobody');
    const waiting = uniqueEmail('waiting');
    await register(waiting);
    const active = await activeAccount();
    after(61_000);
    const answers = async (email: string) => {
      const first = await resend(email);
      const second = await resend(email);
      return [first, second].map((res) => ({ status: res.statusCode, body: res.body }));
    };
    const expected = await answers(unknown);
    expect(expected.map((answer) => answer.status)).toEqual([202, 429]);
    expect(await answers(waiting)).toEqual(expected);
    expect(await answers(active)).toEqual(expected);
  });
});
