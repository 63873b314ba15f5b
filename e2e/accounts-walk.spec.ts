import type { Page } from '@playwright/test';
import {
  applyVariant,
  codeFromOutbox,
  createConversationThroughApi,
  linkFromOutbox,
  openSidebar,
  PASSWORD,
  signUpThroughApi,
  textsOf,
  uniqueEmail,
  VARIANTS,
} from './accounts';
import { E2E_URL } from './env';
import { expect, expectAccessible, test } from './fixtures';

const NEW_PASSWORD = 'Brand-New-Pass-7';
const CONVERSATION = 'Lease notice';

/** The page's one h1, by the text it should have. */
function heading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

// One walk per language through every screen of signing up, signing in and resetting the
// password; see VARIANTS for the theme and the screen width each runs in.
for (const variant of VARIANTS) {
  const { label, language, theme } = variant;
  const t = textsOf(language);

  test.describe(`accounts walk, ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await applyVariant(page, variant);
    });

    test('register, confirm the e-mail, activated, the questionnaire and its plans, the chat', async ({
      page,
    }) => {
      const email = uniqueEmail(`register-${language}`);
      await page.goto('/chat');
      await expect(page).toHaveURL(/\/login\?from=%2Fchat$/);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
      await expect(heading(page, t.auth.login.title)).toBeVisible();
      await expectAccessible(page, `login, ${label}`);

      await page.goto(`/register?email=${encodeURIComponent(email)}`);
      const form = page.getByTestId('register-form');
      await expect(form.getByLabel(t.auth.fields.email)).toHaveValue(email);
      await form.getByLabel(t.auth.fields.password, { exact: true }).fill(PASSWORD);
      await form.getByLabel(t.auth.fields.repeatPassword).fill(PASSWORD);
      await expectAccessible(page, `register, ${label}`);
      await page.getByTestId('register-terms').check();
      await form.getByRole('button', { name: t.auth.register.submit, exact: true }).click();

      await expect(page).toHaveURL(/\/register\/confirmation\?email=/);
      await expect(heading(page, t.auth.confirmation.title)).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await expectAccessible(page, `register confirmation, ${label}`);
      const code = await codeFromOutbox(page.request, email);
      const confirmation = page.getByTestId('confirmation-form');
      await confirmation.getByLabel(t.auth.fields.code).fill(code);
      await confirmation.getByRole('button', { name: t.auth.confirmation.submit }).click();

      await expect(page).toHaveURL(/\/activation\/activated$/);
      await expect(heading(page, t.auth.activated.title)).toBeVisible();
      await expectAccessible(page, `activated, ${label}`);
      await page.getByRole('link', { name: t.auth.activated.continue }).click();

      const details = page.getByTestId('questionnaire-details-form');
      await details.getByLabel(t.questionnaire.details.firstName).fill('Anna');
      await details.getByLabel(t.questionnaire.details.lastName).fill('Kowalska');
      await expectAccessible(page, `questionnaire details, ${label}`);
      await details.getByRole('button', { name: t.questionnaire.details.submit }).click();

      const plans = page.getByTestId('questionnaire-plans');
      await expect(
        plans.getByRole('heading', { name: t.questionnaire.plans.heading }),
      ).toBeVisible();
      await expect(page.getByTestId('plan-card-free')).toBeVisible();
      await expect(page.getByTestId('plan-card-pro')).toBeVisible();
      await expectAccessible(page, `questionnaire plans, ${label}`);
      await page.getByRole('button', { name: t.questionnaire.plans.finish }).click();

      await expect(page).toHaveURL(/\/chat$/);
      await expect(page.getByTestId('chat-empty-state')).toBeVisible();
      const menu = (await openSidebar(page, variant)).getByTestId('user-menu-button');
      await expect(menu).toContainText('Anna Kowalska');
    });

    test('a deep page asked for signed out: login, the second step, and back on that page', async ({
      page,
    }) => {
      const email = await signUpThroughApi(page, uniqueEmail(`deep-${language}`));
      const pk = await createConversationThroughApi(page.request, CONVERSATION);
      await page.context().clearCookies({ name: 'access' });
      await page.context().clearCookies({ name: 'refresh' });

      // A conversation with a query: both survive the detour through the login page.
      const deep = `/chat/${pk}?ref=e2e`;
      await page.goto(deep);
      await expect(page).toHaveURL(`${E2E_URL}/login?from=${encodeURIComponent(deep)}`);
      const login = page.getByTestId('login-form');
      await login.getByLabel(t.auth.fields.email).fill(email);
      await login.getByLabel(t.auth.fields.password).fill(PASSWORD);
      await login.getByRole('button', { name: t.auth.login.submit, exact: true }).click();

      await expect(heading(page, t.auth.loginCode.title)).toBeVisible();
      const codeForm = page.getByTestId('login-code-form');
      await expect(codeForm.getByLabel(t.auth.loginCode.trustDevice)).toBeChecked();
      await expectAccessible(page, `login code step, ${label}`);
      const code = await codeFromOutbox(page.request, email, undefined, 'signIn');
      await codeForm.getByLabel(t.auth.fields.code).fill(code);
      await codeForm.getByRole('button', { name: t.auth.loginCode.submit }).click();

      await expect(page).toHaveURL(`${E2E_URL}${deep}`);
      await expect(page.getByTestId('chat-page')).toBeVisible();
      const history = await openSidebar(page, variant);
      const current = history.getByRole('link', { name: CONVERSATION });
      await expect(current).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('chat-error')).toHaveCount(0);
    });

    test('forgot password: link sent, new password, done, old sessions gone, link used up', async ({
      page,
      browser,
    }) => {
      const email = await signUpThroughApi(page, uniqueEmail(`reset-${language}`));
      const other = await browser.newContext();
      const otherPage = await other.newPage();
      await applyVariant(otherPage, variant);

      await otherPage.goto('/send-reset-password-link');
      await expect(heading(otherPage, t.auth.resetRequest.title)).toBeVisible();
      const request = otherPage.getByTestId('reset-request-form');
      await request.getByLabel(t.auth.fields.email).fill(email);
      await request.getByRole('button', { name: t.auth.resetRequest.submit }).click();

      await expect(otherPage).toHaveURL(/\/send-reset-password-link\/success$/);
      await expect(heading(otherPage, t.auth.resetRequestSuccess.title)).toBeVisible();
      await expect(otherPage.getByText(email, { exact: false })).toBeVisible();
      await expectAccessible(otherPage, `reset link sent, ${label}`);

      const link = await linkFromOutbox(otherPage.request, email, '/reset-password/');
      await otherPage.goto(link);
      await expect(heading(otherPage, t.auth.resetPassword.title)).toBeVisible();
      const form = otherPage.getByTestId('reset-password-form');
      await form.getByLabel(t.auth.fields.password, { exact: true }).fill(NEW_PASSWORD);
      await form.getByLabel(t.auth.fields.repeatPassword).fill(NEW_PASSWORD);
      await expectAccessible(otherPage, `new password, ${label}`);
      await form.getByRole('button', { name: t.auth.resetPassword.submit }).click();

      await expect(otherPage.getByTestId('reset-password-done')).toBeVisible();
      await expect(heading(otherPage, t.auth.resetPassword.doneTitle)).toBeVisible();
      await expectAccessible(otherPage, `new password set, ${label}`);

      // Every session of the user ended with the reset.
      await page.goto('/chat');
      await expect(page).toHaveURL(/\/login/);

      await otherPage.goto(link);
      await expect(otherPage.getByTestId('reset-password-invalid')).toBeVisible();
      await expect(heading(otherPage, t.auth.resetPassword.invalidTitle)).toBeVisible();
      await expectAccessible(otherPage, `reset link used up, ${label}`);
      await other.close();
    });
  });
}
