import type { Page } from '@playwright/test';
import { codeFromOutbox, PASSWORD, signInThroughApi, signUpThroughApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

const NEW_PASSWORD = 'Settings-Pass-8';

async function openSettings(page: Page, tab: 'Your account' | 'Security') {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByTestId('settings-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

/** A real PNG: a screenshot of part of the page. */
async function pngOf(page: Page): Promise<Buffer> {
  return page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 120 } });
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const login = page.getByTestId('login-form');
  await login.getByLabel('E-mail').fill(email);
  await login.getByLabel('Password').fill(password);
  await login.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('settings', () => {
  test('account: picture, personal details with the area code, cancel and save', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/chat');
    const dialog = await openSettings(page, 'Your account');
    const form = dialog.getByTestId('account-details-form');
    await expect(form.getByLabel('First name')).toHaveValue('Anna');
    await expect(form.getByTestId('account-email')).toHaveJSProperty('readOnly', true);
    await expect(form.getByTestId('account-save')).toBeDisabled();
    await expect(dialog.getByTestId('service-system')).toBeVisible();
    await expectAccessible(page, 'settings account, light');

    // Cancel puts back both the fields and the picture.
    await form.getByLabel('First name').fill('Changed');
    await page.getByTestId('picture-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await pngOf(page),
    });
    await expect(page.getByTestId('picture-preview')).toHaveAttribute('data-state', 'picked');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form.getByLabel('First name')).toHaveValue('Anna');
    await expect(page.getByTestId('picture-preview')).toHaveAttribute('data-state', 'unchanged');

    // A file that is not an image is refused on the page.
    await page.getByTestId('picture-input').setInputFiles({
      name: 'notes.png',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(page.getByTestId('picture-hint')).toHaveText('Invalid file type.');

    await page.getByTestId('picture-input').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: await pngOf(page),
    });
    await form.getByRole('combobox', { name: 'Area code' }).click();
    await page.getByRole('option', { name: /^\+48 Poland/ }).click();
    await form.getByLabel('Phone number').fill('12ab');
    await expect(form.getByText('Enter 9 to 12 digits, or leave the field empty')).toBeVisible();
    await expect(form.getByTestId('account-save')).toBeDisabled();
    await form.getByLabel('Phone number').fill('600100200');
    await form.getByTestId('account-save').click();
    await expect(page.getByText('Your account details were saved.')).toBeVisible();

    // The picture is served resized by the server and shown in the user menu too.
    const avatar = page.getByTestId('user-menu-button').locator('img');
    await expect(avatar).toHaveAttribute('src', /\/api\/user\/avatar\//);
    const src = (await avatar.getAttribute('src'))!;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toMatch(/^image\//);

    await page.reload();
    const again = await openSettings(page, 'Your account');
    await expect(again.getByRole('combobox', { name: 'Area code' })).toHaveText('+48');
    await expect(again.getByLabel('Phone number')).toHaveValue('600100200');
    await expect(page.getByTestId('picture-preview').locator('img')).toHaveAttribute('src', src);

    await again.getByRole('button', { name: 'Remove picture' }).click();
    await again.getByTestId('account-save').click();
    await expect(page.getByText('Your account details were saved.').first()).toBeVisible();
    await expect(page.getByTestId('user-menu-button').locator('img')).toHaveCount(0);
    expect((await page.request.get(src)).status()).toBe(404);
  });

  test('security: change the password with an e-mailed code; other devices are signed out', async ({
    page,
    browser,
    pageProblems,
  }) => {
    // The old password refused at sign-in, on purpose.
    pageProblems.allow(/status of 400 .*\/api\/auth\/login\)/);
    const email = await signUpThroughApi(page);
    const other = await browser.newContext();
    await signInThroughApi(other.request, email);
    expect((await other.request.get('/api/user/get')).status()).toBe(200);

    await page.goto('/chat');
    const dialog = await openSettings(page, 'Security');
    await expect(dialog.getByTestId('device-row')).toHaveCount(2);
    await expectAccessible(page, 'settings security');
    await dialog.getByTestId('change-password-start').click();
    const form = dialog.getByTestId('change-password-form');
    await expect(form).toBeVisible();
    const code = await codeFromOutbox(page.request, email, undefined, 'passwordChange');
    await form.getByTestId('code-input').fill(code);
    await form.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await form.getByLabel('Repeat password').fill(NEW_PASSWORD);
    await expectAccessible(page, 'change password');
    await form.getByTestId('change-password-submit').click();
    await expect(page.getByText('Your password was changed.')).toBeVisible();
    await expect(dialog.getByTestId('settings-security')).toBeVisible();
    await expect(dialog.getByTestId('device-row')).toHaveCount(1);
    expect((await other.request.get('/api/user/get')).status()).toBe(401);
    await other.close();

    // The old password no longer works; the new one does.
    await page.goto('about:blank');
    await page.context().clearCookies();
    await signIn(page, email, PASSWORD);
    await expect(page.getByTestId('form-error')).toHaveText('Incorrect e-mail or password.');
    await signIn(page, email, NEW_PASSWORD);
    await expect(page.getByTestId('login-code-form')).toBeVisible();
  });

  test('connected devices: another browser appears and is signed out from here', async ({
    page,
    browser,
  }) => {
    const email = await signUpThroughApi(page);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signIn(otherPage, email, PASSWORD);
    const code = await codeFromOutbox(page.request, email, undefined, 'signIn');
    await otherPage.getByTestId('code-input').fill(code);
    await otherPage
      .getByTestId('login-code-form')
      .getByRole('button', { name: 'Verify and sign in' })
      .click();
    await expect(otherPage).toHaveURL(/\/chat$/);

    await page.goto('/chat');
    const dialog = await openSettings(page, 'Security');
    const rows = dialog.getByTestId('device-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
    await dialog.getByTestId('sign-out-others').click();
    await page.getByTestId('confirm-action').click();
    await expect(rows).toHaveCount(1);

    // The other browser's open page is told at once (its socket closes) and goes to login.
    await expect(otherPage).toHaveURL(/\/login\?from=%2Fchat/);
    await other.close();
  });

  test('security: delete the account with the password and the code', async ({
    page,
    pageProblems,
  }) => {
    // The deleted account's session refused, and its password at sign-in, on purpose.
    pageProblems.allow(/status of 401 .*\/api\/auth\/token\/refresh\)/);
    pageProblems.allow(/status of 400 .*\/api\/auth\/login\)/);
    const email = await signUpThroughApi(page);
    await page.goto('/chat');
    const dialog = await openSettings(page, 'Security');
    await dialog.getByTestId('delete-account-start').click();
    const form = dialog.getByTestId('delete-account-form');
    await expect(form).toBeVisible();
    await expectAccessible(page, 'delete account');
    const code = await codeFromOutbox(page.request, email, undefined, 'deletion');
    await form.getByLabel('Your password').fill(PASSWORD);
    await form.getByTestId('code-input').fill(code);
    await expect(form.getByTestId('delete-account-submit')).toBeDisabled();
    await page.getByTestId('delete-account-consent').check();
    await form.getByTestId('delete-account-submit').click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your account was deleted.')).toBeVisible();
    await signIn(page, email, PASSWORD);
    await expect(page.getByTestId('form-error')).toHaveText('Incorrect e-mail or password.');
  });

  test('the settings speak Polish, dark on a phone and light on a wide screen', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    // Each theme once and each width once: the dialog is full-screen below 768 px only.
    for (const [theme, width, height] of [
      ['dark', 375, 812],
      ['light', 1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      // Stored before the app starts: the later script runs last, so this theme wins.
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto('/chat?lang=pl');
      await expect(page.locator('body')).toHaveAttribute('data-theme', theme);
      if (width < 768) await page.getByTestId('mobile-menu-button').click();
      await page.getByTestId('sidebar').getByRole('button', { name: 'Ustawienia' }).click();
      const dialog = page.getByTestId('settings-dialog');
      await expect(dialog.getByRole('tab', { name: 'Twoje konto' })).toBeVisible();
      await expect(dialog.getByTestId('account-details-form')).toBeVisible();
      await expectAccessible(page, `settings account, pl, ${theme}, ${width}px`);
      await dialog.getByRole('tab', { name: 'Bezpieczeństwo' }).click();
      await expect(dialog.getByTestId('device-row')).toHaveCount(1);
      await expectAccessible(page, `settings security, pl, ${theme}, ${width}px`);
    }
  });
});
