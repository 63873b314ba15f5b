import type { Page } from '@playwright/test';
import {
  applyVariant,
  interpolate,
  openSidebar,
  PASSWORD,
  signInThroughApi,
  textsOf,
  VARIANTS,
} from './accounts';
import { E2E_OIDC_ISSUER } from './env';
import { expect, expectAccessible, test } from './fixtures';

// Accounts of the local OpenID provider that stands in for Google (e2e/oidc-server.ts).
const NEW_USER = { login: 'google-new-user' };
const PHONE_PL_DARK = VARIANTS.find((variant) => variant.language === 'pl')!;
const pl = textsOf('pl');

/** Signs in at the local provider's own login page, as a person would at Google's. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(
    new RegExp(`^${E2E_OIDC_ISSUER.replaceAll('.', '\\.')}/interaction/`),
  );
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
    pageProblems,
  }) => {
    // Disconnecting signs out: a call of the settings refused meanwhile is expected.
    pageProblems.allow(/status of 401 /);
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
    const confirmation = page.getByRole('dialog', { name: 'Disconnect Google?' });
    await expect(confirmation).toBeVisible();
    await expectAccessible(page, 'disconnect confirmation');
    await confirmation.getByTestId('confirm-action').click();

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
    // This browser speaks Polish in the dark theme on a phone.
    await applyVariant(page, PHONE_PL_DARK);
    await page.goto('/login');
    await page.getByRole('link', { name: pl.auth.login.google }).click();
    await signInAtProvider(page, 'google-link');
    const password = page.getByTestId('questionnaire-password-form');
    await expect(
      password.getByRole('heading', { name: pl.questionnaire.password.heading }),
    ).toBeVisible();
    await expectAccessible(page, 'questionnaire password, pl, dark, 375px');
    await password.getByLabel(pl.auth.fields.password, { exact: true }).fill(PASSWORD);
    await password.getByLabel(pl.auth.fields.repeatPassword).fill(PASSWORD);
    await password.getByRole('button', { name: pl.questionnaire.password.submit }).click();
    const details = page.getByTestId('questionnaire-details-form');
    await details.getByLabel(pl.questionnaire.details.firstName).fill('Lena');
    await details.getByLabel(pl.questionnaire.details.lastName).fill('Link');
    await details.getByRole('button', { name: pl.questionnaire.details.submit }).click();
    await page.getByTestId('questionnaire-finish').click();
    await expect(page).toHaveURL(/\/chat$/);

    // Signed in through Google here: asked to confirm, this browser could disconnect it.
    const sidebar = await openSidebar(page, PHONE_PL_DARK);
    await sidebar.getByRole('button', { name: pl.common.nav.settings }).click();
    const settings = page.getByTestId('settings-dialog');
    await settings
      .getByTestId('service-google')
      .getByRole('button', { name: pl.settings.services.disconnect })
      .click();
    const confirmation = page.getByRole('dialog', {
      name: interpolate(pl.settings.services.confirmTitle, {
        provider: pl.settings.services.providers.google,
      }),
    });
    await expect(confirmation).toContainText(pl.settings.services.confirmDescription);
    await expectAccessible(page, 'disconnect confirmation, pl, dark, 375px');
    await confirmation.getByRole('button', { name: pl.common.cancel }).click();
    await expect(confirmation).toBeHidden();
    await expect(settings.getByTestId('service-google')).toBeVisible();

    // A second browser signs in with the password: there, Google is out of scope.
    const other = await page.context().browser()!.newContext();
    const otherPage = await other.newPage();
    await signInThroughApi(otherPage.request, 'google.link@example.com');

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
