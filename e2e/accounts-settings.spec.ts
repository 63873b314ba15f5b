import {
  applyVariant,
  interpolate,
  openSidebar,
  PASSWORD,
  signInThroughApi,
  signUpThroughApi,
  textsOf,
  uniqueEmail,
  VARIANTS,
} from './accounts';
import { expect, expectAccessible, test } from './fixtures';

// One walk per language through the views and confirmations of the Security tab; see
// VARIANTS for the theme and the screen width each runs in. The Google disconnection
// dialog needs a Google account: it is checked in google.spec.ts.
for (const variant of VARIANTS) {
  const { label, language } = variant;
  const t = textsOf(language);

  test.describe(`settings walk, ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await applyVariant(page, variant);
    });

    test('security: the password and deletion views, and signing out the other devices', async ({
      page,
      browser,
    }) => {
      const email = await signUpThroughApi(page, uniqueEmail(`security-${language}`));
      const other = await browser.newContext();
      await signInThroughApi(other.request, email);

      await page.goto('/chat');
      const sidebar = await openSidebar(page, variant);
      await sidebar.getByRole('button', { name: t.common.nav.settings }).click();
      const dialog = page.getByTestId('settings-dialog');
      await dialog.getByRole('tab', { name: t.settings.tabs.security }).click();
      const security = dialog.getByTestId('settings-security');
      const rows = dialog.getByTestId('device-row');
      await expect(rows).toHaveCount(2);

      await dialog.getByTestId('change-password-start').click();
      const change = dialog.getByTestId('change-password-form');
      await expect(
        change.getByRole('heading', { name: t.settings.security.password.change }),
      ).toBeVisible();
      await expect(change.getByText(t.settings.security.password.othersSignedOut)).toBeVisible();
      await change.getByLabel(t.auth.fields.password, { exact: true }).fill(PASSWORD);
      await change.getByLabel(t.auth.fields.repeatPassword).fill(PASSWORD);
      await expectAccessible(page, `settings change password, ${label}`);
      await change.getByRole('button', { name: t.settings.security.back }).click();
      await expect(security).toBeVisible();

      await dialog.getByTestId('delete-account-start').click();
      const deletion = dialog.getByTestId('delete-account-form');
      await expect(
        deletion.getByRole('heading', { name: t.settings.security.delete.heading }),
      ).toBeVisible();
      await expect(deletion.getByText(t.settings.security.delete.warning)).toBeVisible();
      await expect(deletion.getByTestId('delete-account-submit')).toBeDisabled();
      await expectAccessible(page, `settings delete account, ${label}`);
      await deletion.getByRole('button', { name: t.settings.security.back }).click();
      await expect(security).toBeVisible();

      // Cancelling the confirmation keeps the other device; confirming signs it out.
      const signOutOthers = dialog.getByTestId('sign-out-others');
      const confirmation = page.getByRole('dialog', {
        name: t.settings.devices.signOutOthersTitle,
      });
      await signOutOthers.click();
      await expect(confirmation).toContainText(
        interpolate(t.settings.devices.signOutOthersDescription, { count: 1 }),
      );
      await expectAccessible(page, `sign out other devices confirmation, ${label}`);
      await confirmation.getByRole('button', { name: t.common.cancel }).click();
      await expect(confirmation).toBeHidden();
      await expect(rows).toHaveCount(2);
      expect((await other.request.get('/api/user/get')).status()).toBe(200);

      await signOutOthers.click();
      await confirmation.getByRole('button', { name: t.settings.devices.signOutOthers }).click();
      await expect(confirmation).toBeHidden();
      await expect(rows).toHaveCount(1);
      expect((await other.request.get('/api/user/get')).status()).toBe(401);
      await other.close();
    });
  });
}
