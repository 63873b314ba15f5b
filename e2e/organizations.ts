import { expect, type Browser, type Page } from '@playwright/test';
import { applyVariant, signUpThroughApi, uniqueEmail, type Variant } from './accounts';
import { E2E_URL } from './env';

const headers = { origin: E2E_URL };

/** Signs the page's context up as a new account that founds an organization; its pk. */
export async function ownerWithOrganization(page: Page, name: string) {
  const email = await signUpThroughApi(page);
  const created = await page.request.post('/api/organization/create', { headers, data: { name } });
  expect(created.status()).toBe(201);
  return { email, pk: ((await created.json()) as { pk: string }).pk };
}

type Role = 'ADMIN' | 'MEMBER' | 'OBSERVER';

/** The owner on `owner`'s page invites `email` (a member unless told); the invitation's pk. */
export async function inviteThroughApi(
  owner: Page,
  pk: string,
  email: string,
  role: Role = 'MEMBER',
): Promise<string> {
  const sent = await owner.request.post(`/api/organization/invitation/create/${pk}`, {
    headers,
    data: { user_emails: [email], role },
  });
  expect(sent.status()).toBe(201);
  const [invitation] = (await sent.json()) as { pk: string }[];
  return invitation!.pk;
}

/** A new account, in a browser context of its own, that joined `pk` (a member unless told). */
export async function colleagueJoining(
  browser: Browser,
  owner: Page,
  pk: string,
  variant?: Variant,
  role: Role = 'MEMBER',
) {
  const context = await browser.newContext({ baseURL: E2E_URL });
  const page = await context.newPage();
  if (variant) await applyVariant(page, variant);
  const email = uniqueEmail('colleague');
  await signUpThroughApi(page, email);
  const invitation = await inviteThroughApi(owner, pk, email, role);
  const accepted = await page.request.post(`/api/organization/invitation/accept/${invitation}`, {
    headers,
  });
  expect(accepted.status()).toBe(200);
  return { page, email };
}
