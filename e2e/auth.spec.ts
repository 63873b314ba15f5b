import {
  codeFromOutbox,
  linkFromOutbox,
  PASSWORD,
  signUpThroughApi,
  uniqueEmail,
} from './accounts';
import { expect, expectAccessible, test } from './fixtures';

const NEW_PASSWORD = 'Brand-New-Pass-7';

test.describe('accounts', () => {
  test('register, activate with the e-mailed code, fill the questionnaire and reach the chat', async ({
    page,
  }) => {
    const email = uniqueEmail('register');
    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login\?from=%2Fchat$/);
    await expectAccessible(page, 'login');

    await page.goto(`/register?email=${encodeURIComponent(email)}`);
    const form = page.getByTestId('register-form');
    await expect(form.getByLabel('E-mail')).toHaveValue(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Repeat password').fill(PASSWORD);
    await expectAccessible(page, 'register');
    await page.getByTestId('register-terms').check();
    await form.getByRole('button', { name: /create|register|sign up/i }).click();

    await expect(page).toHaveURL(/\/register\/confirmation/);
    const code = await codeFromOutbox(page.request, email);
    await expectAccessible(page, 'confirmation');
    await page.getByTestId('confirmation-form').getByLabel('Verification code').fill(code);
    await page.getByTestId('confirmation-form').getByRole('button').last().click();

    await expect(page.getByTestId('activated-page')).toBeVisible();
    await expectAccessible(page, 'activated');
    await page.getByTestId('activated-continue').click();

    await expect(page.getByTestId('questionnaire')).toBeVisible();
    const details = page.getByTestId('questionnaire-details-form');
    await details.getByLabel('First name').fill('Anna');
    await details.getByLabel('Last name').fill('Kowalska');
    await expectAccessible(page, 'questionnaire details');
    await details.getByRole('button').last().click();

    await expect(page.getByTestId('questionnaire-plans')).toBeVisible();
    await expect(page.getByTestId('plan-card-free')).toBeVisible();
    await expect(page.getByTestId('plan-card-pro')).toBeVisible();
    await expectAccessible(page, 'questionnaire plans');
    await page.getByTestId('questionnaire-finish').click();

    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    await expect(page.getByTestId('user-menu-button')).toContainText('Anna Kowalska');
  });

  test('log out, log in with the second step, and a trusted device skips it next time', async ({
    page,
  }) => {
    const email = await signUpThroughApi(page);
    const activationCode = await codeFromOutbox(page.request, email);
    await page.goto('/chat');
    await page.getByTestId('sidebar').getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);

    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login\?from=%2Fchat/);
    const login = page.getByTestId('login-form');
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel('Password').fill('Wrong-Pass-1');
    await login.getByRole('button', { name: /sign in|log in/i }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: /sign in|log in/i }).click();

    const codeForm = page.getByTestId('login-code-form');
    await expect(codeForm).toBeVisible();
    await expectAccessible(page, 'login code step');
    // The sign-in code is delivered by the job queue a moment later than the activation code.
    const code = await codeFromOutbox(page.request, email, activationCode);
    await page.getByTestId('code-input').fill(code);
    await expect(page.getByTestId('login-trust-device')).toBeChecked();
    await codeForm.getByRole('button', { name: /confirm|verify|sign in/i }).click();
    await expect(page).toHaveURL(/\/chat$/);

    // Leave the app first: its calls would otherwise race the sign-out redirect.
    await page.goto('about:blank');
    await page.context().clearCookies({ name: 'access' });
    await page.context().clearCookies({ name: 'refresh' });
    await page.goto('/login');
    await login.getByLabel('E-mail').fill(email);
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: /sign in|log in/i }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId('login-code-form')).toHaveCount(0);
  });

  test('an expired access cookie is renewed silently by the refresh cookie', async ({ page }) => {
    await signUpThroughApi(page);
    await page.context().clearCookies({ name: 'access' });
    await page.goto('/chat');
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names).toContain('access');
  });

  test('forgot password: link from the outbox, new password, old sessions gone', async ({
    page,
    browser,
  }) => {
    const email = await signUpThroughApi(page);
    const other = await browser.newContext();
    const otherPage = await other.newPage();

    await otherPage.goto('/send-reset-password-link');
    await otherPage.getByTestId('reset-request-form').getByLabel('E-mail').fill(email);
    await otherPage.getByTestId('reset-request-form').getByRole('button').last().click();
    await expect(otherPage.getByTestId('reset-request-success')).toBeVisible();
    await expectAccessible(otherPage, 'reset link sent');

    const link = await linkFromOutbox(otherPage.request, email, '/reset-password/');
    await otherPage.goto(link);
    const form = otherPage.getByTestId('reset-password-form');
    await form.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat password').fill(NEW_PASSWORD);
    await expectAccessible(otherPage, 'new password');
    await form.getByRole('button').last().click();
    await expect(otherPage.getByTestId('reset-password-done')).toBeVisible();

    await page.goto('/chat');
    await expect(page).toHaveURL(/\/login/);
    await otherPage.goto(link);
    await expect(otherPage.getByTestId('reset-password-invalid')).toBeVisible();
    await other.close();
  });

  test('the questionnaire speaks Polish, light and dark, on a phone', async ({ page }) => {
    await signUpThroughApi(page, uniqueEmail('questionnaire'), { withDetails: false });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/chat?lang=pl');
    await expect(page).toHaveURL(/\/questionnaire$/);
    const details = page.getByTestId('questionnaire-details-form');
    await expect(details.getByLabel('Imię')).toBeVisible();
    await expectAccessible(page, 'questionnaire, pl, light, 375px');
    await details.getByRole('combobox', { name: 'Numer kierunkowy' }).click();
    await expect(page.getByRole('option', { name: /^\+48 Polska/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByTestId('questionnaire-details-form')).toBeVisible();
    await expectAccessible(page, 'questionnaire, pl, dark, 375px');
  });

  test('the auth screens speak Polish, light and dark', async ({ page }) => {
    await page.goto('/login?lang=pl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.getByTestId('login-form')).toBeVisible();
    for (const path of ['/login', '/register', '/send-reset-password-link', '/activation']) {
      await page.goto(path);
      await expect(page.locator('h1')).toBeVisible();
      await expectAccessible(page, `${path}, pl, light`);
    }
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    for (const path of ['/login', '/register']) {
      await page.goto(path);
      await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
      await expectAccessible(page, `${path}, pl, dark`);
    }
  });
});
