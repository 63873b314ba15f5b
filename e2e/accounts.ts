import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { MOBILE_BREAKPOINT_PX } from '@themis/shared';
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

/** What each kind of code e-mail says it is for, in English or Polish. */
const CODE_PURPOSES = {
  activation: /activate your Themis account|aktywować swoje konto/,
  signIn: /finish signing in|dokończyć logowanie/,
  passwordChange: /change of your Themis password|potwierdzić zmianę hasła/,
  deletion: /deletion of your Themis account|usunięcie swojego konta/,
  ownershipTransfer: /transfer of your organization’s ownership|przekazanie własności organizacji/,
  organizationDeletion: /deletion of your organization|usunięcie organizacji/,
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
  // Its purpose named: an invitation e-mailed to the address earlier is no code.
  const code = await codeFromOutbox(api, email, undefined, 'activation');
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

/** Starts a conversation through the API for the signed-in context; answers its id. */
export async function createConversationThroughApi(
  request: APIRequestContext,
  name: string,
): Promise<string> {
  const response = await request.post('/api/conversation/create', {
    headers: { origin: E2E_URL },
    data: { name },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { pk: string }).pk;
}

export type Language = 'en' | 'pl';
type Theme = 'light' | 'dark';

const LOCALES = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales');

function locale<T>(language: Language, namespace: string): T {
  return JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as T;
}

/**
 * The web app's own translations, so a test finds its way by the texts a user reads in
 * either language and no text is written twice.
 */
export function textsOf(language: Language) {
  return {
    auth: locale<typeof import('../apps/web/src/locales/en/auth.json')>(language, 'auth'),
    chat: locale<typeof import('../apps/web/src/locales/en/chat.json')>(language, 'chat'),
    common: locale<typeof import('../apps/web/src/locales/en/common.json')>(language, 'common'),
    questionnaire: locale<typeof import('../apps/web/src/locales/en/questionnaire.json')>(
      language,
      'questionnaire',
    ),
    settings: locale<typeof import('../apps/web/src/locales/en/settings.json')>(
      language,
      'settings',
    ),
    legal: locale<typeof import('../apps/web/src/locales/en/legal.json')>(language, 'legal'),
    organizations: locale<typeof import('../apps/web/src/locales/en/organizations.json')>(
      language,
      'organizations',
    ),
    validation: locale<typeof import('../apps/web/src/locales/en/validation.json')>(
      language,
      'validation',
    ),
    encryption: locale<typeof import('../apps/web/src/locales/en/encryption.json')>(
      language,
      'encryption',
    ),
    errors: locale<typeof import('../apps/web/src/locales/en/errors.json')>(language, 'errors'),
    sharing: locale<typeof import('../apps/web/src/locales/en/sharing.json')>(language, 'sharing'),
    billing: locale<typeof import('../apps/web/src/locales/en/billing.json')>(language, 'billing'),
  };
}

/** Fills `{{name}}` placeholders as i18next does. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

/** A language, theme and screen width in which a walk through the screens runs. */
export interface Variant {
  language: Language;
  theme: Theme;
  viewport: { width: number; height: number };
  label: string;
}

/**
 * English in the light theme on a wide screen, and Polish (the longer texts) in the dark
 * theme on a 375 px phone: between them every screen of a walk is seen in both languages,
 * both themes and both layouts.
 */
export const VARIANTS: readonly Variant[] = [
  { language: 'en', theme: 'light', viewport: { width: 1280, height: 800 }, label: 'en, light' },
  {
    language: 'pl',
    theme: 'dark',
    viewport: { width: 375, height: 812 },
    label: 'pl, dark, 375px',
  },
];

/**
 * The two variants of a walk: English and light at 1440 px does every step (`whole`); Polish
 * and dark at 375 px sees every screen and dialog but may leave out what only repeats a
 * behaviour the first proved (`screens`).
 */
export const WALK_VARIANTS: readonly (Variant & { scope: 'whole' | 'screens' })[] = [
  {
    ...VARIANTS[0]!,
    viewport: { width: 1440, height: 900 },
    label: 'en, light, 1440px',
    scope: 'whole',
  },
  { ...VARIANTS[1]!, scope: 'screens' },
];

/**
 * Puts a page's browser context in a variant before its first visit: the language by the
 * `lang` cookie the app keeps, the theme by its stored preference, and the screen size.
 */
export async function applyVariant(page: Page, { language, theme, viewport }: Variant) {
  await page.setViewportSize(viewport);
  await page.context().addCookies([{ name: 'lang', value: language, url: E2E_URL }]);
  await page.context().addInitScript((value) => {
    try {
      window.localStorage.setItem('theme', value);
    } catch {
      // about:blank has no storage.
    }
  }, theme);
}

/** The shell's sidebar, opened from the menu button first on a narrow screen. */
export async function openSidebar(page: Page, { viewport }: Pick<Variant, 'viewport'>) {
  // Below the breakpoint the sidebar is a drawer behind the menu button.
  if (viewport.width < MOBILE_BREAKPOINT_PX) await page.getByTestId('mobile-menu-button').click();
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  return sidebar;
}

/**
 * On the registration form: the password twice and the terms, then (after `beforeSubmit`,
 * with the form filled) the account is created, the e-mailed code confirmed and the
 * questionnaire opened.
 */
export async function registerInBrowser(
  page: Page,
  language: Language,
  email: string,
  beforeSubmit?: () => Promise<void>,
) {
  const t = textsOf(language);
  const form = page.getByTestId('register-form');
  await form.getByLabel(t.auth.fields.password, { exact: true }).fill(PASSWORD);
  await form.getByLabel(t.auth.fields.repeatPassword).fill(PASSWORD);
  await page.getByTestId('register-terms').check();
  await beforeSubmit?.();
  await form.getByRole('button', { name: t.auth.register.submit, exact: true }).click();
  const code = await codeFromOutbox(page.request, email, undefined, 'activation');
  const confirmation = page.getByTestId('confirmation-form');
  await confirmation.getByLabel(t.auth.fields.code).fill(code);
  await confirmation.getByRole('button', { name: t.auth.confirmation.submit }).click();
  await page.getByRole('link', { name: t.auth.activated.continue }).click();
}
