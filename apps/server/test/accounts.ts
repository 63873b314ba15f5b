import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { devOutbox } from '../src/db/schema';
import { TEST_ORIGIN, type TestApp } from './app';

interface StoredCookie {
  value: string;
  path: string;
}

/** A browser's cookie jar, enough for our cookies: name, value, path, removal. */
class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() <= Date.now()) ||
        cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
  }

  header(url: string): string {
    const path = url.split('?')[0]!;
    return [...this.cookies]
      .filter(
        ([, cookie]) =>
          path === cookie.path ||
          path.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`),
      )
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = '/'): void {
    this.cookies.set(name, { value, path });
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }
}

/** A client with its own cookie jar, calling the app as a browser on our origin would. */
let clients = 0;
/** Each client comes from its own loopback address, so per-IP limits do not mix tests. */
const nextIp = () => {
  clients += 1;
  return `127.${(clients >> 8) & 255}.${clients & 255}.${1 + (process.pid % 250)}`;
};

export class Client {
  constructor(
    private readonly t: TestApp,
    readonly ip = nextIp(),
    readonly userAgent = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    readonly jar = new CookieJar(),
  ) {}

  /** The same device, its cookies included, talking to another instance of the app. */
  onInstance(app: TestApp['app']): Client {
    return new Client({ ...this.t, app }, this.ip, this.userAgent, this.jar);
  }

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const cookie = this.jar.header(options.url);
    const response = await this.t.app.inject({
      ...options,
      remoteAddress: this.ip,
      headers: {
        origin: TEST_ORIGIN,
        'user-agent': this.userAgent,
        ...(cookie && { cookie }),
        ...options.headers,
      },
    });
    this.jar.store(response);
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: object) {
    return this.request({ method: 'POST', url, ...(payload && { payload }) });
  }

  put(url: string, payload: object) {
    return this.request({ method: 'PUT', url, payload });
  }

  delete(url: string) {
    return this.request({ method: 'DELETE', url });
  }
}

type OutboxMail = typeof devOutbox.$inferSelect;

/**
 * Delivers queued e-mail and returns the newest message sent to `to` that `matching`
 * accepts. Mails delivered in one pass may land in any order, so a test that has several
 * pending says which one it wants.
 */
export async function lastMailTo(
  t: TestApp,
  to: string,
  matching: (mail: OutboxMail) => boolean = () => true,
) {
  await t.app.jobs.runDueJobs();
  const mails = await t.database.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, to))
    .orderBy(desc(devOutbox.createdAt));
  const mail = mails.find(matching);
  expect(mail, `an e-mail to ${to}`).toBeDefined();
  return mail!;
}

const CODE = /\b(\d{6})\b/;

/** The newest 6-digit code e-mailed to `to`; notices sent meanwhile carry none. */
export async function lastCodeTo(t: TestApp, to: string): Promise<string> {
  const mail = await lastMailTo(t, to, (m) => CODE.test(m.text));
  return CODE.exec(mail.text)![1]!;
}

export const PASSWORD = 'Correct-Horse-9';

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${process.pid}.${counter}@example.com`;
}

/**
 * Registers and activates an account, its e-mails in `language` (English unless told); the
 * client is then signed in. `code` is the activation code it was sent.
 */
export async function signedUpClient(
  t: TestApp,
  email = uniqueEmail(),
  options: { ip?: string; language?: 'en' | 'pl' } = {},
) {
  const client = new Client(t, options.ip);
  const register = await client.post('/api/auth/register', {
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms_accepted: true,
    language: options.language ?? 'en',
  });
  expect(register.statusCode, register.body).toBe(201);
  const code = await lastCodeTo(t, email);
  const activate = await client.post('/api/auth/activate', { email, code });
  expect(activate.statusCode, activate.body).toBe(200);
  return { client, email, code, user: activate.json().user as { pk: string } };
}

/**
 * Signs `client`, a device not trusted yet, in as `email` with the password and the e-mailed
 * code, trusting the device from then on if `trustDevice`; the answer to the code.
 */
export async function loginWithCode(
  t: TestApp,
  client: Client,
  email: string,
  trustDevice: boolean,
) {
  const first = await client.post('/api/auth/login', { email, password: PASSWORD });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json().status).toBe('code_required');
  const code = await lastCodeTo(t, email);
  const confirm = await client.post('/api/auth/login/confirm', {
    challenge_token: first.json().challenge_token,
    code,
    trust_device: trustDevice,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return confirm;
}

/** Asks for a password reset link for `email`; the token the e-mailed link carries. */
export async function resetTokenFor(t: TestApp, email: string): Promise<string> {
  await new Client(t).post('/api/auth/password-reset/request', { email, language: 'en' });
  const mail = await lastMailTo(t, email, (m) => m.text.includes('/reset-password/'));
  return /\/reset-password\/([\w-]+)/.exec(mail.text)![1]!;
}

/** Sets `password` through an e-mailed reset link, from another browser; the link's token. */
export async function resetPasswordByLink(
  t: TestApp,
  email: string,
  password: string,
): Promise<string> {
  const token = await resetTokenFor(t, email);
  const done = await new Client(t).post('/api/auth/password-reset/confirm', {
    token,
    password,
    password_confirmation: password,
  });
  expect(done.statusCode, done.body).toBe(200);
  return token;
}
