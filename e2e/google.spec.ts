import type { Page } from '@playwright/test';
import { PASSWORD } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

// Accounts of the local OpenID provider that stands in for Google (e2e/oidc-server.ts).
const NEW_USER = { login: 'google-new-user' };

/** Signs in at the local provider's own login page, as a person would at Google's. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(/127\.0\.0\.1:5182\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.locator('button[type="submit"]').click();
}

async function startGoogleSignIn(page: Page) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
}

test.describe('Google sign-in', () => {
  test('a new account: questionnaire with a password, then disconnecting Google signs out', async ({
    page,
  }) => {
    await startGoogleSignIn(page);
    await signInAtProvider(page, NEW_USER.login);

    await expect(page.getByTestId('questionnaire')).toBeVisible();
    const password = page.getByTestId('questionnaire-password-form');
    await expect(password).toBeVisible();
    await expectAccessible(page, 'questionnaire password');
    await password.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await password.getByLabel('Repeat password').fill(PASSWORD);
    await password.getByRole('button', { name: 'Save and continue' }).click();

    const details = page.getByTestId('questionnaire-details-form');
    await expect(details.getByLabel('First name')).toHaveValue('Gina');
    await expect(details.getByLabel('Last name')).toHaveValue('Google');
    await details.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByTestId('questionnaire-finish').click();
    await expect(page).toHaveURL(/\/chat$/);

    await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByTestId('settings-dialog');
    await expect(dialog.getByTestId('service-google')).toBeVisible();
    await expect(dialog.getByTestId('service-system')).toBeVisible();
    await expectAccessible(page, 'connected services with Google');
    await dialog.getByTestId('service-google').getByRole('button', { name: 'Disconnect' }).click();
    await page.getByTestId('confirm-action').click();

    // The logout URL leads to /login; a call refused meanwhile may add `from`.
    await expect(page).toHaveURL(/\/login(\?from=.*)?$/);
    await expect(page.getByText('Google was disconnected from your account.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('disconnectSuccess'))).toBeNull();

    // Google again: still signed in at the provider, as one stays at Google, so it answers at
    // once; the account with the same verified e-mail is linked again, details already set.
    await startGoogleSignIn(page);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId('user-menu-button')).toContainText('Gina Google');
  });

  test('disconnecting Google from a password session stays signed in with an error', async ({
    page,
  }) => {
    await startGoogleSignIn(page);
    await signInAtProvider(page, 'google-link');
    await expect(page.getByTestId('questionnaire-password-form')).toBeVisible();
    const password = page.getByTestId('questionnaire-password-form');
    await password.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await password.getByLabel('Repeat password').fill(PASSWORD);
    await password.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByTestId('questionnaire-details-form').getByLabel('First name').fill('Lena');
    await page.getByTestId('questionnaire-details-form').getByLabel('Last name').fill('Link');
    await page
      .getByTestId('questionnaire-details-form')
      .getByRole('button', { name: 'Save and continue' })
      .click();
    await page.getByTestId('questionnaire-finish').click();
    await expect(page).toHaveURL(/\/chat$/);

    // A second browser signs in with the password: there, Google is out of scope.
    const other = await page.context().browser()!.newContext();
    const otherPage = await other.newPage();
    const headers = { origin: 'http://localhost:5181' };
    const login = await otherPage.request.post('/api/auth/login', {
      headers,
      data: { email: 'google.link@example.com', password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    const { challenge_token } = (await login.json()) as { challenge_token: string };
    let code: string | undefined;
    await expect
      .poll(async () => {
        const mails = (await (
          await otherPage.request.get('/dev/mailbox.json?to=google.link%40example.com')
        ).json()) as { text: string }[];
        code = mails
          .filter((mail) => /finish signing in/.test(mail.text))
          .map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1])[0];
        return code;
      })
      .toBeDefined();
    const confirm = await otherPage.request.post('/api/auth/login/confirm', {
      headers,
      data: { challenge_token, code, trust_device: false },
    });
    expect(confirm.status()).toBe(200);

    await otherPage.goto('/chat');
    await otherPage.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click();
    const dialog = otherPage.getByTestId('settings-dialog');
    await dialog.getByTestId('service-google').getByRole('button', { name: 'Disconnect' }).click();
    await otherPage.getByTestId('confirm-action').click();
    await expect(
      otherPage.getByText('You can disconnect this service only while signed in through it.', {
        exact: false,
      }),
    ).toBeVisible();
    await expect(otherPage).toHaveURL(/\/chat$/);
    await expect(dialog.getByTestId('service-google')).toBeVisible();
    await other.close();
  });

  test('an unverified Google e-mail is refused; the result pages speak Polish', async ({
    page,
  }) => {
    await startGoogleSignIn(page);
    await signInAtProvider(page, 'google-unverified');
    await expect(page).toHaveURL(/\/auth\/failure/);
    await expect(page.getByTestId('auth-failure')).toContainText(
      'Your Google account has no verified e-mail address.',
    );
    await expectAccessible(page, 'auth failure');

    await page.goto('/auth/failure?lang=pl');
    await expect(page.getByRole('heading', { name: 'Logowanie nie powiodło się' })).toBeVisible();
    await expectAccessible(page, 'auth failure, pl');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.goto('/auth/cancel');
    await expect(page.getByRole('heading', { name: 'Logowanie anulowane' })).toBeVisible();
    await expectAccessible(page, 'auth cancel, pl, dark');
    await page.getByRole('link', { name: 'Wróć do logowania' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
