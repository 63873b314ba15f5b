import type { Locator, Page } from '@playwright/test';
import {
  applyVariant,
  interpolate,
  openSidebar,
  signInThroughApi,
  signUpThroughApi,
  textsOf,
  uniqueEmail,
  VARIANTS,
  WALK_VARIANTS,
  type Variant,
} from './accounts';
import { E2E_URL } from './env';
import { expect, expectAccessible, operator, test } from './fixtures';
import { colleagueJoining, ownerWithOrganization } from './organizations';

// Conversation encryption as a user meets it: a PIN set when turning encryption on (typed),
// a chat, the history locked after signing in again, a wrong then the right PIN (pasted),
// turning it off with DECRYPT, a password instead of the PIN, turning it off with DELETE;
// and a member of an organization that requires encryption made to set a PIN before
// chatting. Every dialog is checked with axe while it is open.

const PIN = '482913';
const PASSWORD = 'tajne-haslo-2026';
const headers = { origin: E2E_URL };

/** Types a PIN into the six boxes, one key at a time (each box moves on to the next). */
async function typePin(scope: Locator, pin: string) {
  await scope.getByTestId('pin-digit-1').click();
  await scope.page().keyboard.type(pin);
}

/** A new PIN in the setup dialog, typed twice. */
async function typeNewPin(scope: Locator, pin: string) {
  await typePin(scope, pin);
  await scope.getByTestId('pin-repeat-digit-1').click();
  await scope.page().keyboard.type(pin);
}

/** Pastes `text` into the first PIN box as the clipboard would. */
async function pastePin(scope: Locator, text: string) {
  await scope.getByTestId('pin-digit-1').evaluate((box, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    box.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

async function openSecurityMethods(page: Page, variant: Variant) {
  const t = textsOf(variant.language);
  const sidebar = await openSidebar(page, variant);
  await sidebar.getByRole('button', { name: t.common.nav.settings }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: t.settings.tabs.security }).click();
  await dialog.getByTestId('security-methods-start').click();
  const methods = dialog.getByTestId('security-methods');
  await expect(methods).toBeVisible();
  return { dialog, methods };
}

/** On a phone, closes the navigation drawer (the history and the settings open from it). */
async function closeDrawer(page: Page, variant: Variant) {
  const close = page.getByRole('button', { name: textsOf(variant.language).common.nav.close });
  if (await close.isVisible()) await close.click();
  await expect(page.getByTestId('chat-input')).toBeVisible();
}

async function closeSettings(page: Page, variant: Variant) {
  // By its button: after a dialog on top of it closes, the focus may be outside it.
  const settings = page.getByTestId('settings-dialog');
  await settings.getByRole('button', { name: textsOf(variant.language).settings.close }).click();
  await expect(settings).toBeHidden();
  await closeDrawer(page, variant);
}

async function historyPanel(page: Page, variant: Variant) {
  await openSidebar(page, variant);
  const history = page.getByTestId('history-panel');
  await expect(history).toBeVisible();
  return history;
}

/** Answers DELETE or DECRYPT in the removal dialog and confirms it. */
async function chooseRemoval(page: Page, variant: Variant, action: 'DELETE' | 'DECRYPT') {
  const t = textsOf(variant.language);
  const removal = page.getByTestId('encryption-removal-dialog');
  await expect(removal).toBeVisible();
  const label = action === 'DELETE' ? t.encryption.removal.delete : t.encryption.removal.decrypt;
  await removal.getByRole('radio', { name: label.label }).check();
  await expectAccessible(page, `encryption removal choice, ${variant.label}`);
  await removal.getByTestId('encryption-removal-continue').click();
  await expect(removal.getByTestId('encryption-removal-confirmation')).toBeVisible();
  if (action === 'DELETE') {
    // How many go is said, and the deletion waits for its word to be typed.
    await expect(removal.getByTestId('encryption-removal-count')).toBeVisible();
    await expect(removal.getByTestId('encryption-removal-confirm')).toBeDisabled();
    await expectAccessible(page, `encryption deletion confirmation, ${variant.label}`);
    await removal.getByTestId('encryption-removal-typed').fill(t.encryption.removal.typeWord);
  }
  await removal.getByTestId('encryption-removal-confirm').click();
  await expect(removal).toBeHidden();
}

/**
 * Locks the unlocked session from the header: the tab starts again, says why, and the open
 * conversation asks for the PIN again.
 */
async function lockAndUnlock(page: Page, variant: Variant, question: string) {
  const t = textsOf(variant.language);
  const lock = page.getByRole('button', { name: t.encryption.session.lockLabel });
  await lock.click();
  await expect(page.getByText(t.encryption.session.locked)).toBeVisible();
  await expect(lock).toHaveCount(0);
  const again = page.getByTestId('unlock-dialog');
  await expect(again).toBeVisible();
  await typePin(again, PIN);
  await again.getByTestId('unlock-submit').click();
  await expect(again).toBeHidden();
  await expect(page.getByRole('article', { name: t.chat.question.label })).toContainText(question);
}

// The Polish walk leaves out (a second tab unlocked with the
// first, locking the session again).
const WALKS = WALK_VARIANTS;

for (const variant of WALKS) {
  const { language, label, scope } = variant;
  const t = textsOf(language);

  test.describe(`encryption, ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await applyVariant(page, variant);
    });

    test('a PIN, a chat, the history locked and unlocked, then DECRYPT, a password and DELETE', async ({
      page,
      pageProblems,
    }) => {
      test.slow();
      // Refusals this walk provokes: encryption turned on without a PIN (which opens the
      // setup), the open page's calls after the sign-out through the API, a locked
      // conversation's messages, the wrong PIN, and the open conversation asked for once it
      // was deleted (the page then leaves it).
      pageProblems.allow(/status of 404 .*\/api\/conversation\/messages\//);
      pageProblems.allow(/status of 400 .*\/api\/user\/enable-encryption\)/);
      pageProblems.allow(/status of 401 /);
      pageProblems.allow(/status of 403 .*\/api\/conversation\/messages\//);
      pageProblems.allow(/status of 400 .*\/api\/user\/unlock-decryption\)/);
      const email = await signUpThroughApi(page, uniqueEmail(`encryption-${language}`));
      await operator('user', 'set-plan', email, 'pro');
      await page.goto('/chat');

      // Turning encryption on asks for a PIN first, then turns it on.
      let { methods } = await openSecurityMethods(page, variant);
      await expectAccessible(page, `security methods, off, ${label}`);
      await methods.getByTestId('encryption-switch').click();
      const setup = page.getByTestId('encryption-setup-dialog');
      await expect(setup).toBeVisible();
      await expect(setup).toContainText(t.encryption.setup.warning);
      // It opens without an error shown.
      await expect(setup.locator('[aria-invalid="true"]')).toHaveCount(0);
      await typeNewPin(setup, PIN);
      await expectAccessible(page, `encryption setup, ${label}`);
      await setup.getByTestId('encryption-setup-submit').click();
      await expect(setup).toBeHidden();
      await expect(page.getByText(t.encryption.toasts.enabled)).toBeVisible();
      await expect(methods.getByTestId('encryption-switch')).toBeChecked();
      await expect(methods.getByTestId('encryption-method')).toContainText(
        t.settings.securityMethods.methodPin,
      );
      await closeSettings(page, variant);
      // On a phone the toast lies over the dialog's close button: the tap went through it.
      await expect(page.getByText(t.encryption.toasts.enabled)).toBeVisible();

      const question =
        language === 'en' ? 'Is a verbal lease binding?' : 'Czy ustna umowa najmu wiąże?';
      await page.getByTestId('chat-input').fill(question);
      await page.getByTestId('chat-input').press('Enter');
      await expect(page.getByRole('article', { name: t.chat.answer.label })).toContainText(
        /Themis/,
        {
          timeout: 15_000,
        },
      );

      // Signed in again: the session is locked, and the history shows the conversation locked.
      expect((await page.request.post('/api/auth/logout', { headers })).status()).toBeLessThan(300);
      await signInThroughApi(page.request, email);
      await page.goto('/chat');
      let history = await historyPanel(page, variant);
      const locked = history.getByRole('link', { name: t.chat.history.encrypted });
      await expect(locked).toBeVisible();
      await expect(history.getByText(question)).toHaveCount(0);
      await expectAccessible(page, `history with a locked conversation, ${label}`);
      // A second tab of the same session, locked too until the first one unlocks.
      const second = scope === 'whole' ? await page.context().newPage() : undefined;
      await second?.goto('/chat');
      const secondHistory = second?.getByTestId('history-panel');
      if (secondHistory) {
        await expect(
          secondHistory.getByRole('link', { name: t.chat.history.encrypted }),
        ).toBeVisible();
      }
      await locked.click();

      const unlock = page.getByTestId('unlock-dialog');
      await expect(unlock).toBeVisible();
      await typePin(unlock, '000000');
      await unlock.getByTestId('unlock-submit').click();
      await expect(unlock.getByTestId('form-error')).toContainText(t.encryption.unlock.wrongPin);
      await expectAccessible(page, `unlock dialog with a wrong PIN, ${label}`);
      // Only exactly six digits are taken from the clipboard.
      await pastePin(unlock, '12ab56');
      await expect(unlock).toContainText(interpolate(t.validation.pinLength, { count: 6 }));
      await pastePin(unlock, PIN);
      await unlock.getByTestId('unlock-submit').click();
      await expect(unlock).toBeHidden();
      if (secondHistory) await expect(secondHistory.getByText(question)).toBeVisible();
      await second?.close();
      await expect(page.getByRole('article', { name: t.chat.question.label })).toContainText(
        question,
      );
      // Unlocked: the open conversation is marked as encrypted, and the header offers to lock
      // the session again (an icon on a phone, the header bar not overflowing).
      await expect(
        page.getByRole('main').getByRole('img', { name: t.chat.encryption.marker }),
      ).toBeVisible();
      const lock = page.getByRole('button', { name: t.encryption.session.lockLabel });
      await expect(lock).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      await expectAccessible(page, `unlocked session with an encrypted conversation, ${label}`);
      if (scope === 'whole') await lockAndUnlock(page, variant, question);
      // Sealed text is not indexed: search says so instead of finding it.
      history = await historyPanel(page, variant);
      await history.getByLabel(t.chat.search.label).fill(question.split(' ')[2]!);
      await expect(history.getByTestId('search-encrypted-note')).toHaveText(
        t.chat.search.encryptedNote,
      );
      await expect(history.getByRole('status')).toHaveText(t.chat.search.empty);
      await history.getByLabel(t.chat.search.label).fill('');
      await closeDrawer(page, variant);

      // Off with DECRYPT: the conversation is kept, readable by name again.
      ({ methods } = await openSecurityMethods(page, variant));
      await methods.getByTestId('encryption-switch').click();
      await chooseRemoval(page, variant, 'DECRYPT');
      await expect(page.getByText(t.encryption.toasts.disabled)).toBeVisible();
      await expect(methods.getByTestId('encryption-switch')).not.toBeChecked();
      await expect(methods.getByTestId('encryption-progress')).toHaveCount(0, { timeout: 15_000 });

      // A password in place of the PIN.
      await methods.getByTestId('encryption-change-type').click();
      await expect(setup).toBeVisible();
      await setup.getByTestId('encryption-password').fill(PASSWORD);
      await setup.getByTestId('encryption-password-repeat').fill(`${PASSWORD}x`);
      await setup.getByTestId('encryption-setup-submit').click();
      await expect(setup.getByTestId('encryption-password-repeat')).toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await setup.getByTestId('encryption-password-repeat').fill(PASSWORD);
      await expectAccessible(page, `encryption setup, password, ${label}`);
      await setup.getByTestId('encryption-setup-submit').click();
      await expect(setup).toBeHidden();
      await expect(page.getByText(t.encryption.toasts.changed.PASSWORD)).toBeVisible();
      await expect(methods.getByTestId('encryption-method')).toContainText(
        t.settings.securityMethods.methodPassword,
      );

      // On again (the conversation is encrypted anew), then off with DELETE.
      await methods.getByTestId('encryption-switch').click();
      await expect(methods.getByTestId('encryption-switch')).toBeChecked();
      await expect(methods.getByTestId('encryption-progress')).toHaveCount(0, { timeout: 15_000 });
      await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
      await methods.getByTestId('encryption-switch').click();
      await chooseRemoval(page, variant, 'DELETE');
      // A background job deletes them: the progress may not have shown yet, so the list is
      // awaited itself.
      const listed = async () => {
        const list = await page.request.get('/api/conversation/list');
        return ((await list.json()) as { items: unknown[] }).items;
      };
      await expect.poll(listed, { timeout: 15_000 }).toEqual([]);
      await expect(methods.getByTestId('encryption-progress')).toHaveCount(0, { timeout: 15_000 });
      // The conversation that was open is gone: the page is a new chat, not a question box
      // whose question would fail as not found.
      await expect(page).toHaveURL(/\/chat$/);
      await closeSettings(page, variant);
      history = await historyPanel(page, variant);
      await expect(history.getByText(question)).toHaveCount(0);
      await expect(history.getByRole('link', { name: t.chat.history.encrypted })).toHaveCount(0);
    });
  });
}

test.describe('an organization that requires encryption', () => {
  const variant = VARIANTS[1]!;
  const t = textsOf(variant.language);

  test('makes a member without a PIN set one before chatting', async ({ page, browser }) => {
    test.slow();
    const { pk } = await ownerWithOrganization(page, 'Kancelaria Szyfr');
    const forced = await page.request.post(`/api/organization/force-encryption/${pk}`, {
      headers,
    });
    expect(forced.status()).toBe(200);
    const colleague = await colleagueJoining(browser, page, pk, variant);
    const member = colleague.page;
    await member.goto('/chat');
    // The organization's context has loaded: its pooled limit and its models are shown.
    await expect(member.getByTestId('usage-meter')).toBeVisible();
    await expect(member.getByTestId('model-menu-loading')).toHaveCount(0);
    const question = 'Czy pracodawca może czytać moją pocztę?';
    await member.getByTestId('chat-input').fill(question);
    await expect(member.getByTestId('chat-input')).toHaveValue(question);
    await member.getByTestId('chat-input').press('Enter');

    const setup = member.getByTestId('encryption-setup-dialog');
    await expect(setup).toBeVisible();
    await expect(setup).toContainText(t.encryption.setup.required);
    await expectAccessible(member, `required encryption setup, ${variant.label}`);
    await typeNewPin(setup, PIN);
    await setup.getByTestId('encryption-setup-submit').click();
    await expect(setup).toBeHidden();
    await expect(member.getByText(t.encryption.toasts.created.PIN)).toBeVisible();

    const input = member.getByTestId('chat-input');
    if ((await input.inputValue()) === '') await input.fill(question);
    await input.press('Enter');
    await expect(member.getByRole('article', { name: t.chat.answer.label })).toContainText(
      /Themis/,
      {
        timeout: 15_000,
      },
    );
    const list = await member.request.get('/api/conversation/list');
    const items = ((await list.json()) as { items: { is_encrypted: boolean }[] }).items;
    expect(items.map((item) => item.is_encrypted)).toEqual([true]);
    await member.context().close();
  });
});
