import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

// Acting on the conversation's messages in a browser test: the list is virtual, drawing only
// what is near its view and moving it as it measures what it draws.

/** One tooltip is shown, saying `text` (another may still be fading out at first). */
export async function expectTooltip(page: Page, text: string) {
  await expect(page.getByRole('tooltip')).toHaveCount(1);
  await expect(page.getByRole('tooltip')).toHaveText(text);
}

/**
 * Brings a message on screen: the list draws only the messages near its view, and may move
 * them as it measures what it draws. One not drawn is looked for from the end, upwards.
 */
export async function showInList(page: Page, jumpToLatest: string, message: Locator) {
  const latest = page.getByRole('button', { name: jumpToLatest });
  let jumped = false;
  await expect(async () => {
    if ((await message.count()) === 0) {
      // The button comes and goes as the list measures itself: a click that misses is retried.
      if (!jumped && (await latest.isVisible())) {
        await latest.click({ timeout: 2000 });
        jumped = true;
      } else {
        await page.getByRole('log').hover();
        await page.mouse.wheel(0, -600);
      }
    }
    await message.scrollIntoViewIfNeeded({ timeout: 1000 });
    await expect(message).toBeInViewport({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

/** Acts on a message once it is on screen; again if the list moved it away meanwhile. */
export async function inList(
  page: Page,
  jumpToLatest: string,
  message: Locator,
  act: () => Promise<void>,
) {
  await expect(async () => {
    await showInList(page, jumpToLatest, message);
    await act();
  }).toPass({ timeout: 30_000 });
}
