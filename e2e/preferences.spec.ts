import { signUpThroughApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

test.describe('shell preferences', () => {
  test.beforeEach(async ({ page }) => {
    await signUpThroughApi(page);
  });

  test('the root redirects to the chat inside the shell', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'light');
    await expectAccessible(page, 'chat, light, en');
  });

  test('language pl and theme dark are kept after a reload', async ({ page }) => {
    await page.goto('/chat');
    const englishText = await page.getByTestId('chat-empty-state').innerText();
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('language-option-pl').first().click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
    await expect(page.locator('body')).toHaveAttribute('data-theme', 'dark');
    const polishText = await page.getByTestId('chat-empty-state').innerText();
    expect(polishText).not.toBe(englishText);
    const stored = await page.evaluate(() => ({
      lang: localStorage.getItem('lang'),
      theme: localStorage.getItem('theme'),
    }));
    expect(stored).toEqual({ lang: 'pl', theme: 'dark' });
    expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('pl');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 255)');
    await expectAccessible(page, 'chat, dark, pl');
  });

  test('font size changes in steps of 10 within 80-140 % and persists', async ({ page }) => {
    await page.goto('/chat');
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('font-size-value')).toHaveText('100%');
    await page.getByTestId('font-size-increase').click();
    await expect(page.getByTestId('font-size-value')).toHaveText('110%');
    const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(await rootSize()).toBe('17.6px');

    await page.reload();
    await page.getByTestId('user-menu-button').click();
    await expect(page.getByTestId('font-size-value')).toHaveText('110%');
    for (let i = 0; i < 6; i++) {
      if (await page.getByTestId('font-size-decrease').isDisabled()) break;
      await page.getByTestId('font-size-decrease').click();
    }
    await expect(page.getByTestId('font-size-value')).toHaveText('80%');
    await expect(page.getByTestId('font-size-decrease')).toBeDisabled();
    await expect(page.getByTestId('font-size-increase')).toBeEnabled();
  });

  test('the language can be chosen by the lang query parameter', async ({ page }) => {
    await page.goto('/chat?lang=pl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  });

  test('below 768 px the sidebar becomes a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/chat');
    await expect(page.getByTestId('chat-empty-state')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toBeHidden();
    await expectAccessible(page, 'chat at 375 px');
    await page.getByTestId('mobile-menu-button').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expectAccessible(page, 'drawer at 375 px');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('sidebar')).toBeHidden();

    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await page.getByTestId('mobile-menu-button').click();
    await expect(page.getByTestId('sidebar')).toBeVisible();
    await expectAccessible(page, 'drawer at 375 px, dark');
  });
});
