import type { APIRequestContext, Browser } from '@playwright/test';
import {
  applyVariant,
  createConversationThroughApi,
  interpolate,
  linkFromOutbox,
  openSidebar,
  signUpThroughApi,
  textsOf,
  uniqueEmail,
  VARIANTS,
} from './accounts';
import { E2E_URL } from './env';
import { expect, expectAccessible, test } from './fixtures';

// An owner's firm invites a colleague by e-mail; the colleague opens the link, accepts, works
// in the firm's context and switches back to their own, whose history is their own. Another
// account that opens the link is told to sign in with the invited one.

async function firmInviting(browser: Browser, email: string, name: string) {
  const context = await browser.newContext({ baseURL: E2E_URL });
  const page = await context.newPage();
  await signUpThroughApi(page);
  const request: APIRequestContext = page.request;
  const headers = { origin: E2E_URL };
  const created = await request.post('/api/organization/create', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { pk } = (await created.json()) as { pk: string };
  const invited = await request.post(`/api/organization/invitation/create/${pk}`, {
    headers,
    data: { user_emails: [email], role: 'MEMBER' },
  });
  expect(invited.status()).toBe(201);
  await context.close();
}

for (const variant of VARIANTS) {
  test(`an invitation accepted from its e-mail, then back to the individual profile (${variant.label})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const texts = textsOf(variant.language).organizations;
    const firm = variant.language === 'pl' ? 'Kancelaria Nowak' : 'Nowak & Partners';
    await applyVariant(page, variant);
    const email = uniqueEmail('colleague');
    await signUpThroughApi(page, email);
    await createConversationThroughApi(page.request, 'Private matter');
    await firmInviting(browser, email, firm);

    const link = await linkFromOutbox(page.request, email, '/organizations/invitation');
    await page.goto(link);
    const card = page.getByTestId('invitation-page');
    await expect(card.getByRole('heading', { level: 1 })).toHaveText(texts.invitation.title);
    await expect(card).toContainText(
      interpolate(texts.invitation.intro, { organization: firm, role: texts.roles.MEMBER }),
    );
    await expectAccessible(page, `invitation, ${variant.label}`);
    await card.getByRole('button', { name: texts.invitation.accept }).click();

    // The app starts again in the firm's context: its history does not hold the private one.
    await expect(page).toHaveURL(/\/chat$/);
    const sidebar = await openSidebar(page, variant);
    const menuButton = sidebar.getByTestId('organization-menu-button');
    await expect(menuButton).toContainText(firm);
    await expect(sidebar.getByText('Private matter')).toHaveCount(0);

    await menuButton.click();
    const menu = page.getByRole('dialog', { name: texts.menu.label });
    await expect(menu.getByTestId('organization-current')).toContainText(firm);
    await expectAccessible(page, `organization menu, ${variant.label}`);
    await menu.getByRole('button', { name: texts.menu.individual }).click();
    const confirm = page.getByRole('dialog', {
      name: interpolate(texts.switch.title, { name: texts.menu.individual }),
    });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, `switch confirmation, ${variant.label}`);
    await confirm.getByRole('button', { name: texts.switch.confirm }).click();

    await expect(page).toHaveURL(/\/chat$/);
    const again = await openSidebar(page, variant);
    await expect(again.getByTestId('organization-menu-button')).toContainText(
      texts.menu.individual,
    );
    await expect(again.getByText('Private matter')).toBeVisible();
  });
}

test('another account opening the invitation is told to sign in with the invited one', async ({
  page,
  browser,
}) => {
  const texts = textsOf('en').organizations;
  const invited = uniqueEmail('invited');
  await firmInviting(browser, invited, 'Nowak & Partners');
  // The invited address has no account: its e-mail leads to the sign-up form.
  const signUpLink = await linkFromOutbox(page.request, invited, '/register');
  expect(signUpLink).toContain(`email=${encodeURIComponent(invited)}`);

  // An account holder's invitation, opened by someone else.
  const holderContext = await browser.newContext({ baseURL: E2E_URL });
  const holderPage = await holderContext.newPage();
  const holder = uniqueEmail('holder');
  await signUpThroughApi(holderPage, holder);
  await holderContext.close();
  await firmInviting(browser, holder, 'Kowalski Legal');
  const link = await linkFromOutbox(page.request, holder, '/organizations/invitation');

  // Signed out, the link asks to sign in first, saying what for.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?from=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    textsOf('en').auth.login.invitationTitle,
  );
  await expectAccessible(page, 'login from an invitation');

  await signUpThroughApi(page);
  await page.goto(link);
  const card = page.getByTestId('invitation-page');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(texts.invitation.mismatchTitle);
  await expect(card).toContainText(interpolate(texts.invitation.mismatch, { email: holder }));
  await expect(card.getByRole('button', { name: texts.invitation.logout })).toBeVisible();
  await expectAccessible(page, 'invitation for another account');

  await page.goto('/organizations/invitation?invitation_type=EMAIL&invitation_pk=unknown');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(texts.invitation.notFound);
});
