import { signUpThroughApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

test('send feedback from the user menu; the sender and plan are shown read-only', async ({
  page,
}) => {
  const email = await signUpThroughApi(page);
  await page.goto('/chat');
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('button', { name: 'Send feedback' }).click();

  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Information')).toBeChecked();
  await expect(dialog).toContainText(email);
  await expect(dialog).toContainText('Free');
  await expectAccessible(page, 'feedback dialog, light');

  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await dialog.getByLabel('Opinion').check();
  await dialog.getByLabel('Message').fill('The answers are clear and quick.');
  await dialog.getByRole('button', { name: 'Send' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText('Thank you, your feedback was sent.')).toBeVisible();
});

test('the feedback dialog speaks Polish in the dark theme, the plan named in Polish', async ({
  page,
}) => {
  const email = await signUpThroughApi(page);
  await page.goto('/chat?lang=pl');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.reload();
  await page.getByTestId('sidebar').getByRole('button', { name: 'Opinie' }).click();
  const dialog = page.getByRole('dialog', { name: 'Wyślij opinię' });
  await expect(dialog).toBeVisible();
  // The free plan's name is a word, translated; not the catalogue's English name.
  await expect(dialog.getByRole('definition')).toHaveText([
    email,
    'Bezpłatny',
    'Profil indywidualny',
  ]);
  await expectAccessible(page, 'feedback dialog, dark, pl');
});
