import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_URL } from './env';

export const PASSWORD = 'Correct-Horse-9';

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** Polls the development outbox until `extract` finds something in a mail to `to`. */
async function fromOutbox(
  request: APIRequestContext,
  to: string,
  what: string,
  extract: (text: string) => string | undefined,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const url = `/dev/mailbox.json?to=${encodeURIComponent(to)}`;
        const mails = (await (await request.get(url)).json()) as { text: string }[];
        found = mails.map((m) => extract(m.text)).find((value) => value !== undefined);
        return found;
      },
      { message: `${what} e-mailed to ${to}`, timeout: 15_000 },
    )
    .toBeDefined();
  return found!;
}

/** What each kind of code e-mail says it is for. */
const CODE_PURPOSES = {
  activation: /activate your Themis account/,
  signIn: /finish signing in/,
  passwordChange: /change of your Themis password/,
  deletion: /deletion of your Themis account/,
} as const;

/**
 * The newest 6-digit code e-mailed to `to` (other than `after`), optionally only from the
 * e-mails of one purpose, so an older code of another kind is never taken for it.
 */
export function codeFromOutbox(
  request: APIRequestContext,
  to: string,
  after?: string,
  purpose?: keyof typeof CODE_PURPOSES,
) {
  return fromOutbox(request, to, purpose ? `a ${purpose} code` : 'a code', (text) => {
    if (purpose && !CODE_PURPOSES[purpose].test(text)) return undefined;
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    return code === after ? undefined : code;
  });
}

/** Signs a browser context in through the API, passing the e-mailed second step. */
export async function signInThroughApi(request: APIRequestContext, email: string) {
  const headers = { origin: E2E_URL };
  const login = await request.post('/api/auth/login', {
    headers,
    data: { email, password: PASSWORD },
  });
  const { challenge_token } = (await login.json()) as { challenge_token: string };
  const code = await codeFromOutbox(request, email, undefined, 'signIn');
  const confirm = await request.post('/api/auth/login/confirm', {
    headers,
    data: { challenge_token, code, trust_device: false },
  });
  expect(confirm.status()).toBe(200);
}

/** The newest link to `path` e-mailed to `to`. */
export function linkFromOutbox(request: APIRequestContext, to: string, path: string) {
  return fromOutbox(
    request,
    to,
    `a ${path} link`,
    (text) => new RegExp(`https?://\\S+${path}\\S+`).exec(text)?.[0],
  );
}

/**
 * Creates an activated account with personal details through the API, signing the page's
 * browser context in (its cookies are the page's).
 */
export async function signUpThroughApi(
  page: Page,
  email = uniqueEmail(),
  { withDetails = true } = {},
): Promise<string> {
  const api = page.request;
  const headers = { origin: E2E_URL };
  const register = await api.post('/api/auth/register', {
    headers,
    data: {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      terms_accepted: true,
      language: 'en',
    },
  });
  expect(register.status()).toBe(201);
  const code = await codeFromOutbox(api, email);
  expect((await api.post('/api/auth/activate', { headers, data: { email, code } })).status()).toBe(
    200,
  );
  if (withDetails) {
    const details = await api.put('/api/user/update', {
      headers,
      data: { name: 'Anna', surname: 'Kowalska' },
    });
    expect(details.status()).toBe(200);
  }
  return email;
}
