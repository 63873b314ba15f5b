import { signUpThroughApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

const QUESTION = 'What does art. 415 of the Polish Civil Code say?';

test.describe('chat with the demo model', () => {
  test('ask, watch the answer arrive, rename, search and delete the conversation', async ({
    page,
  }) => {
    await signUpThroughApi(page);
    await page.goto('/chat');
    await expect(page.getByText('Demo', { exact: true })).toBeVisible();
    await expect(page.getByText('Legal information, not legal advice.').first()).toBeVisible();
    await expectAccessible(page, 'chat, empty');

    await page.getByTestId('chat-input').fill(QUESTION);
    await page.getByTestId('chat-input').press('Enter');
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByText(QUESTION).first()).toBeVisible();
    await expect(page.getByText(/This is the Themis demo/).first()).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId('streaming-cursor')).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page, 'chat, answered');

    // The first question names the conversation in the history panel.
    const history = page.getByTestId('history-panel');
    await expect(history.getByText(/What does art\. 415/).first()).toBeVisible({ timeout: 10_000 });

    // A reload shows the stored conversation again.
    await page.reload();
    await expect(page.getByText(/This is the Themis demo/).first()).toBeVisible();

    await history
      .getByRole('button', { name: /Options for/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename conversation' });
    await rename.getByLabel('Name').fill('Tort liability');
    await rename.getByRole('button').last().click();
    await expect(history.getByText('Tort liability')).toBeVisible();

    await history.getByLabel('Search conversations').fill('415');
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByText('Tort liability').first()).toBeVisible();
    await results.getByRole('button').first().click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}(\?message=\d+)?$/);
    await history.getByLabel('Search conversations').fill('');

    await history
      .getByRole('button', { name: /Options for/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByTestId('confirm-action').click();
    await expect(history.getByText('Tort liability')).toHaveCount(0);
  });

  test('the chat speaks Polish in the dark theme at phone width', async ({ page }) => {
    await signUpThroughApi(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/chat?lang=pl');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await expect(page.getByText('Informacja prawna, nie porada prawna.').first()).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Model: Demo Themis (to nie prawdziwy model)' }),
    ).toBeVisible();
    await page.getByTestId('chat-input').fill('Czym jest zachowek?');
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByText(/To jest demo Themis/).first()).toBeVisible({
      timeout: 15_000,
    });
    await expectAccessible(page, 'chat, pl, dark, 375px');
  });
});
