import { TERMS_DATE_SHOWN } from '@themis/shared';
import { applyVariant, interpolate, textsOf, type Variant } from './accounts';
import { E2E_CONTACT_EMAIL } from './env';
import { expect, expectAccessible, operator, test } from './fixtures';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };

/** Both languages in both themes on a phone, and each language once on a wide screen. */
const VARIANTS: Variant[] = [
  { language: 'en', theme: 'light', viewport: PHONE, label: 'en, light, 375px' },
  { language: 'en', theme: 'dark', viewport: PHONE, label: 'en, dark, 375px' },
  { language: 'pl', theme: 'light', viewport: PHONE, label: 'pl, light, 375px' },
  { language: 'pl', theme: 'dark', viewport: PHONE, label: 'pl, dark, 375px' },
  { language: 'en', theme: 'light', viewport: DESKTOP, label: 'en, light, 1440px' },
  { language: 'pl', theme: 'dark', viewport: DESKTOP, label: 'pl, dark, 1440px' },
];

test.describe('terms of use and privacy policy', () => {
  for (const variant of VARIANTS) {
    test(`read without an account: ${variant.label}`, async ({ page }) => {
      const { legal, common } = textsOf(variant.language);
      await applyVariant(page, variant);
      for (const [path, text] of [
        ['/terms', legal.terms],
        ['/privacy', legal.privacy],
      ] as const) {
        await page.goto(path);
        await expect(page).toHaveURL(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.title);
        await expect(
          page.getByText(interpolate(legal.effective, { date: TERMS_DATE_SHOWN })),
        ).toBeVisible();
        await expect(page.getByRole('heading', { level: 2 })).toHaveCount(text.sections.length);
        await expect(page.locator('body')).toHaveAttribute('data-theme', variant.theme);
        await expect(page.getByTestId('contact-mailbox').getByRole('link')).toHaveAttribute(
          'href',
          `mailto:${E2E_CONTACT_EMAIL}`,
        );
        const nav = page.getByRole('navigation', { name: common.legal.label });
        await expect(nav.getByRole('link')).toHaveCount(2);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, `${path} fits the screen`).toBeLessThanOrEqual(0);
        await expectAccessible(page, `${path}, ${variant.label}`);
      }
    });
  }

  test('the login page leads to them, and the registration form opens them in a new tab', async ({
    page,
  }) => {
    const { common, legal } = textsOf('en');
    await page.goto('/login');
    await page
      .getByRole('navigation', { name: common.legal.label })
      .getByRole('link', { name: common.legal.privacy })
      .click();
    await expect(page).toHaveURL('/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.privacy.title);

    await page.goto('/register');
    const form = page.getByTestId('register-form');
    const [terms] = await Promise.all([
      page.waitForEvent('popup'),
      form.getByRole('link', { name: new RegExp(`^${common.legal.terms}`, 'i') }).click(),
    ]);
    await expect(terms).toHaveURL('/terms');
    await expect(terms.getByRole('heading', { level: 1 })).toHaveText(legal.terms.title);
    // Following the link left the form as it was.
    await expect(form.getByTestId('register-terms')).not.toBeChecked();
  });
});

test.describe('maintenance banner outside the shell', () => {
  test.afterEach(async () => {
    await operator('maintenance', 'cancel');
  });

  test('a scheduled window is announced on the login page, light and dark', async ({ page }) => {
    await operator(
      'maintenance',
      'schedule',
      '--start',
      '+1d',
      '--end',
      '+26h',
      '--message-en',
      'Planned upgrade',
      '--message-pl',
      'Planowana aktualizacja',
    );
    await applyVariant(page, VARIANTS[0]!);
    await page.goto('/login');
    const banner = page.getByTestId('maintenance-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Planned upgrade');
    await expect(page.getByTestId('login-form')).toBeVisible();
    await expectAccessible(page, 'login with banner, light, 375px');

    await applyVariant(page, VARIANTS[3]!);
    await page.reload();
    await expect(banner).toContainText('Planowana aktualizacja');
    await expectAccessible(page, 'login with banner, dark, pl, 375px');

    await page.getByTestId('maintenance-banner-dismiss').click();
    await expect(banner).toHaveCount(0);
    await page.goto('/register');
    await expect(page.getByTestId('register-form')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
