import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_URL } from './env';

export const PASSWORD = 'Correct-Horse-9';

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** The newest 6-digit code e-mailed to `to`, read from the development outbox. */
export async function codeFromOutbox(
  request: APIRequestContext,
  to: string,
  after?: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)
        ).json()) as { text: string }[];
        code = mails
          .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
          .find((c) => c !== undefined && c !== after);
        return code;
      },
      { message: `a code e-mailed to ${to}`, timeout: 15_000 },
    )
    .toBeDefined();
  return code!;
}

/** The newest link of `kind` e-mailed to `to`. */
export async function linkFromOutbox(
  request: APIRequestContext,
  to: string,
  path: string,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (
          await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)
        ).json()) as { text: string }[];
        link = mails
          .map((m) => new RegExp(`https?://\\S+${path}\\S+`).exec(m.text)?.[0])
          .find(Boolean);
        return link;
      },
      { message: `a ${path} link e-mailed to ${to}`, timeout: 15_000 },
    )
    .toBeDefined();
  return link!;
}

/**
 * Creates an activated account with personal details through the API, signing the page's
 * browser context in (its cookies are the page's).
 */
export async function signUpThroughApi(page: Page, email = uniqueEmail()): Promise<string> {
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
  const details = await api.put('/api/user/update', {
    headers,
    data: { name: 'Anna', surname: 'Kowalska' },
  });
  expect(details.status()).toBe(200);
  return email;
}
