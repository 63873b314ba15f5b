import { signUpThroughApi } from './accounts';
import { expect, expectAccessible, operator, test } from './fixtures';

test.describe('maintenance mode', () => {
  test.beforeEach(async ({ page }) => {
    await signUpThroughApi(page);
  });

  test.afterEach(async () => {
    await operator('maintenance', 'off');
    await operator('maintenance', 'cancel');
  });

  test('the maintenance page appears when the operator turns maintenance on, and goes when off', async ({
    page,
    pageProblems,
  }) => {
    // The API's 503 while maintenance is on is what this test is about.
    pageProblems.allow(/status of 503 /);
    await page.goto('/chat');
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();

    await operator(
      'maintenance',
      'on',
      '--until',
      '+2h',
      '--message-en',
      'Upgrading the database',
      '--message-pl',
      'Aktualizujemy bazę danych',
    );
    await page.reload();
    const maintenance = page.getByTestId('maintenance-page');
    await expect(maintenance).toBeVisible();
    await expect(maintenance).toContainText('Upgrading the database');
    await expect(page.getByTestId('chat-empty-state')).toHaveCount(0);
    await expectAccessible(page, 'maintenance page, light, en');

    await page.getByTestId('language-option-pl').click();
    await expect(maintenance).toContainText('Aktualizujemy bazę danych');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
    await expect(maintenance).toContainText('Aktualizujemy bazę danych');
    await expectAccessible(page, 'maintenance page, dark, pl');

    await operator('maintenance', 'off');
    await page.reload();
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    await expect(maintenance).toHaveCount(0);
  });

  test('a scheduled window shows a banner that stays dismissed; a new window shows again', async ({
    page,
  }) => {
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
    await page.goto('/chat');
    const banner = page.getByTestId('maintenance-banner');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Planned upgrade');
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    await expectAccessible(page, 'banner, light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(banner).toBeVisible();
    await expectAccessible(page, 'banner, dark');

    await page.getByTestId('maintenance-banner-dismiss').click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    await expect(banner).toHaveCount(0);

    await operator('maintenance', 'cancel');
    await operator(
      'maintenance',
      'schedule',
      '--start',
      '+2d',
      '--end',
      '+49h',
      '--message-en',
      'Another upgrade',
    );
    await page.reload();
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Another upgrade');
  });
});
