import type { Browser, Page } from '@playwright/test';
import {
  applyVariant,
  interpolate,
  openSidebar,
  signUpThroughApi,
  textsOf,
  uniqueEmail,
  WALK_VARIANTS,
  type Variant,
  registerInBrowser,
} from './accounts';
import { E2E_URL } from './env';
import { expect, expectAccessible, operator, test } from './fixtures';
import { colleagueJoining, ownerWithOrganization } from './organizations';

// Sharing as two people meet it: A shares a conversation from the chat, B (another account)
// signs in through the link, reads it, is recorded and shows in A's link manager, and
// continues it in B's own chat; A disables the link and B's reload finds it no longer
// available; A shows the disabled links, enables it again (B reads it again), then disables
// and deletes it. In an organization an observer has no share action, and a firm that keeps
// sharing inside refuses an outsider. Every screen is checked with axe.

const headers = { origin: E2E_URL };

// The Polish walk leaves out (B continuing the conversation, B
// reading the link again once enabled, and once deleted).
const WALKS = WALK_VARIANTS;

/** Another person, in a browser context of their own, in the same variant. */
async function anotherPerson(browser: Browser, variant: Variant) {
  const context = await browser.newContext({ baseURL: E2E_URL });
  const page = await context.newPage();
  await applyVariant(page, variant);
  return page;
}

async function closeSettings(page: Page, variant: Variant) {
  const settings = page.getByTestId('settings-dialog');
  await settings.getByRole('button', { name: textsOf(variant.language).settings.close }).click();
  await expect(settings).toBeHidden();
  const close = page.getByRole('button', { name: textsOf(variant.language).common.nav.close });
  if (await close.isVisible()) await close.click();
}

async function openLinkManager(page: Page, variant: Variant) {
  const t = textsOf(variant.language);
  const sidebar = await openSidebar(page, variant);
  await sidebar.getByRole('button', { name: t.common.nav.settings }).click();
  const dialog = page.getByTestId('settings-dialog');
  await dialog.getByRole('tab', { name: t.settings.tabs.linkManager }).click();
  const manager = dialog.getByTestId('link-manager');
  await expect(manager).toBeVisible();
  return manager;
}

/** A conversation shared through the API by the signed-in context of `page`; its link. */
async function sharedThroughApi(page: Page, name: string) {
  const created = await page.request.post('/api/conversation/create', { headers, data: { name } });
  expect(created.status()).toBe(201);
  const { pk } = (await created.json()) as { pk: string };
  const shared = await page.request.post(`/api/conversation/share/create/${pk}`, {
    headers,
    data: {},
  });
  expect(shared.status()).toBe(201);
  return { pk, link: ((await shared.json()) as { shared_key: string }).shared_key };
}

const pathOf = (link: string) => new URL(link).pathname;

for (const variant of WALKS) {
  const { language, label, scope } = variant;
  const t = textsOf(language);

  test.describe(`sharing, ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await applyVariant(page, variant);
    });

    test('A shares, B signs in through the link, is listed, continues; A disables it', async ({
      page,
      browser,
      pageProblems,
    }) => {
      // The share dialog asks for the conversation's link; having none is a 404.
      pageProblems.allow(/status of 404 .*\/api\/conversation\/share\/access_token\?/);
      test.slow();
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signUpThroughApi(page, uniqueEmail(`sharer-${language}`));
      await page.goto('/chat');
      const question =
        language === 'en' ? 'Can a lease be ended early?' : 'Czy najem można wypowiedzieć?';
      await page.getByTestId('chat-input').fill(question);
      // Enter sends once the models have loaded.
      await expect(page.getByRole('button', { name: t.chat.input.send })).toBeEnabled();
      await page.getByTestId('chat-input').press('Enter');
      const answer = page.getByRole('article', { name: t.chat.answer.label });
      await expect(answer).toContainText(/Themis/, { timeout: 15_000 });
      const answerText = (await answer.innerText()).split('\n')[0]!;

      // The share dialog: a week by default, the link, its copy, and what is shared.
      await page.getByTestId('chat-share').click();
      const dialog = page.getByTestId('share-dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(t.sharing.dialog.snapshotNote);
      const expiry = dialog.getByRole('radiogroup', { name: t.sharing.dialog.expiry });
      await expect(
        expiry.getByRole('radio', { name: t.sharing.dialog.expiryChoices.week }),
      ).toBeChecked();
      await expectAccessible(page, `share dialog, ${label}`);
      await dialog.getByTestId('share-submit').click();
      await expect(page.getByText(t.sharing.dialog.created)).toBeVisible();
      const field = dialog.getByRole('textbox', { name: t.sharing.dialog.link });
      await expect(field).toHaveValue(new RegExp(`^${E2E_URL}/chat/share/[A-Za-z0-9_-]{43}$`));
      const link = await field.inputValue();
      await dialog.getByTestId('share-copy').click();
      await expect(page.getByText(t.sharing.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await expectAccessible(page, `share dialog with its link, ${label}`);
      await dialog.getByTestId('share-close').click();
      await expect(dialog).toBeHidden();

      // B, signed out, is sent to sign in and comes back to the link.
      const visitor = await anotherPerson(browser, variant);
      await visitor.goto(pathOf(link));
      await expect(visitor).toHaveURL(/\/login\?from=/);
      await signUpThroughApi(visitor, uniqueEmail(`visitor-${language}`));
      await visitor.reload();
      await expect(visitor).toHaveURL(pathOf(link));
      const shared = visitor.getByTestId('shared-conversation');
      await expect(shared.getByRole('heading', { level: 1 })).toHaveText(question);
      await expect(shared.getByTestId('shared-message-1')).toContainText(question);
      await expect(shared.getByTestId('shared-message-2')).toContainText(answerText);
      // The answer's citations are links to their sources here too.
      await expect(
        shared.getByTestId('shared-message-2').getByRole('link', { name: 'art. 415 k.c.' }),
      ).toHaveAttribute('href', 'https://eli.gov.pl/eli/DU/1964/93/ogl');
      await expect(shared.getByTestId('shared-disclaimer')).toBeVisible();
      await expectAccessible(visitor, `shared conversation, ${label}`);

      // A's link manager shows B as its one visitor.
      const manager = await openLinkManager(page, variant);
      const row = manager.getByTestId('shared-link-row');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(question);
      await expect(row.getByTestId('link-status')).toHaveText(t.sharing.manager.statuses.active);
      await expect(row.getByTestId('link-visitors').locator('.MuiAvatar-root')).toHaveCount(1);
      await expectAccessible(page, `link manager, ${label}`);

      // B carries the conversation on in their own chat.
      if (scope === 'whole') {
        await shared.getByTestId('shared-continue').click();
        await expect(visitor).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
        await expect(visitor.getByRole('article', { name: t.chat.question.label })).toContainText(
          question,
        );
        await expect(visitor.getByTestId('chat-input')).toBeVisible();
      }

      // A disables the link: it leaves the list, and B finds it no longer available.
      const disableLink = async () => {
        await row
          .getByRole('button', { name: interpolate(t.sharing.manager.disable, { name: question }) })
          .click();
        const confirm = page.getByRole('dialog', { name: t.sharing.manager.disableTitle });
        await confirm.getByRole('button', { name: t.sharing.manager.disableConfirm }).click();
        await expect(confirm).toBeHidden();
      };
      await disableLink();
      await expect(page.getByText(t.sharing.manager.disabled)).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(manager.getByTestId('link-manager-empty')).toHaveText(t.sharing.manager.empty);

      await visitor.goto(pathOf(link));
      const unavailable = visitor.getByTestId('shared-link-unavailable');
      await expect(unavailable.getByRole('heading', { level: 1 })).toHaveText(
        t.sharing.unavailable.title,
      );
      await expect(unavailable).toContainText(t.sharing.unavailable.description);
      await expect(visitor.getByTestId('shared-conversation')).toHaveCount(0);
      await expect(visitor.getByText(t.common.notFound.title)).toHaveCount(0);
      await expectAccessible(visitor, `shared link no longer available, ${label}`);
      await unavailable.getByRole('link', { name: t.sharing.unavailable.toChat }).click();
      await expect(visitor).toHaveURL(/\/chat(\/[0-9a-f-]{36})?$/);
      await expect(visitor.getByTestId('chat-input')).toBeVisible();

      // A shows the disabled links: it is listed as disabled, to enable again or delete.
      await manager.getByRole('switch', { name: t.sharing.manager.showDisabled }).check();
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('link-status')).toHaveText(t.sharing.manager.statuses.disabled);
      await expect(row.getByTestId('shared-link-open')).toBeDisabled();
      await expect(row.getByTestId('shared-link-copy')).toBeDisabled();
      await expect(row.getByTestId('shared-link-disable')).toHaveCount(0);
      await expect(row.getByTestId('shared-link-delete')).toBeEnabled();
      await expectAccessible(page, `link manager showing a disabled link, ${label}`);

      // A enables it again, for a week as it was shared: B reads it at the same address.
      await row
        .getByRole('button', { name: interpolate(t.sharing.manager.enable, { name: question }) })
        .click();
      const enableDialog = page.getByRole('dialog', { name: t.sharing.manager.enableTitle });
      await expect(
        enableDialog.getByRole('radio', { name: t.sharing.dialog.expiryChoices.week }),
      ).toBeChecked();
      await expectAccessible(page, `enable link dialog, ${label}`);
      await enableDialog.getByRole('button', { name: t.sharing.manager.enableConfirm }).click();
      await expect(page.getByText(t.sharing.manager.enabled)).toBeVisible();
      await expect(enableDialog).toBeHidden();
      await expect(row.getByTestId('link-status')).toHaveText(t.sharing.manager.statuses.active);
      await expect(row.getByTestId('link-visitors').locator('.MuiAvatar-root')).toHaveCount(1);
      await expect(row.getByTestId('shared-link-copy')).toBeEnabled();
      if (scope === 'whole') {
        await visitor.goto(pathOf(link));
        await expect(shared.getByRole('heading', { level: 1 })).toHaveText(question);
        await expect(shared.getByTestId('shared-message-2')).toContainText(answerText);
      }

      // A disables it once more and deletes it, visitors and all: B finds it no longer available.
      await disableLink();
      await expect(row.getByTestId('link-status')).toHaveText(t.sharing.manager.statuses.disabled);
      await row
        .getByRole('button', { name: interpolate(t.sharing.manager.delete, { name: question }) })
        .click();
      const deleteDialog = page.getByRole('dialog', { name: t.sharing.manager.deleteTitle });
      await deleteDialog.getByRole('button', { name: t.sharing.manager.deleteConfirm }).click();
      await expect(page.getByText(t.sharing.manager.deleted)).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(manager.getByTestId('link-manager-empty')).toHaveText(
        t.sharing.manager.emptyWithDisabled,
      );
      await closeSettings(page, variant);

      if (scope === 'whole') {
        await visitor.goto(pathOf(link));
        await expect(unavailable.getByRole('heading', { level: 1 })).toHaveText(
          t.sharing.unavailable.title,
        );
      }
      await visitor.context().close();
    });

    test('an encrypted conversation is shared only once a readable copy is agreed to', async ({
      page,
      pageProblems,
    }) => {
      // The share dialog asks for the conversation's link; having none is a 404.
      pageProblems.allow(/status of 404 .*\/api\/conversation\/share\/access_token\?/);
      const email = await signUpThroughApi(page, uniqueEmail(`encrypted-sharer-${language}`));
      await operator('user', 'set-plan', email, 'pro');
      for (const [url, data] of [
        [
          '/api/user/create-encryption-secrets',
          { encryption_key_type: 'PIN', encryption_key: '482913' },
        ],
        ['/api/user/enable-encryption', {}],
      ] as const) {
        expect((await page.request.post(url, { headers, data })).status()).toBe(200);
      }
      await page.goto('/chat');
      await page.getByTestId('chat-input').fill('Poufna sprawa');
      await expect(page.getByRole('button', { name: t.chat.input.send })).toBeEnabled();
      await page.getByTestId('chat-input').press('Enter');
      await expect(page.getByRole('article', { name: t.chat.answer.label })).toContainText(
        /Themis/,
        { timeout: 15_000 },
      );

      await page.getByTestId('chat-share').click();
      const dialog = page.getByTestId('share-dialog');
      await expect(dialog.getByTestId('share-encrypted-warning')).toContainText(
        t.sharing.dialog.encryptedWarning,
      );
      await expect(dialog.getByTestId('share-submit')).toBeDisabled();
      await expectAccessible(page, `share dialog of an encrypted conversation, ${label}`);
      await dialog.getByRole('checkbox', { name: t.sharing.dialog.encryptedConfirm }).check();
      await dialog.getByTestId('share-submit').click();
      await expect(page.getByText(t.sharing.dialog.created)).toBeVisible();
      const link = await dialog.getByRole('textbox', { name: t.sharing.dialog.link }).inputValue();
      const secret = new URL(link).pathname.split('/').pop()!;
      const page1 = await page.request.get(`/api/conversation/share/list-messages/${secret}`);
      expect(((await page1.json()) as { items: { content: string }[] }).items[0]!.content).toBe(
        'Poufna sprawa',
      );
    });

    test('an observer has no share action; a firm sharing inside refuses an outsider', async ({
      page,
      browser,
    }) => {
      await ownerWithOrganization(page, 'Kancelaria Wspólna');
      const { link } = await sharedThroughApi(page, 'Umowa spółki');
      const { pk: organizationPk } = (await (
        await page.request.get('/api/organization/get-current')
      ).json()) as { pk: string };

      const observer = await colleagueJoining(browser, page, organizationPk, variant, 'OBSERVER');
      const own = await observer.page.request.post('/api/conversation/create', {
        headers,
        data: { name: 'Notatki obserwatora' },
      });
      const ownPk = ((await own.json()) as { pk: string }).pk;
      await observer.page.goto(`/chat/${ownPk}`);
      await expect(observer.page.getByTestId('chat-input')).toBeVisible();
      await expect(observer.page.getByTestId('chat-share')).toHaveCount(0);
      await openSidebar(observer.page, variant);
      const history = observer.page.getByTestId('history-panel');
      await history
        .getByRole('button', {
          name: interpolate(t.chat.history.menu, { name: 'Notatki obserwatora' }),
        })
        .click();
      await expect(observer.page.getByRole('menuitem', { name: t.chat.history.share })).toHaveCount(
        0,
      );
      await observer.page.keyboard.press('Escape');
      // A member of the firm opens its link.
      await observer.page.goto(pathOf(link));
      await expect(observer.page.getByTestId('shared-conversation')).toBeVisible();

      const outsider = await anotherPerson(browser, variant);
      await signUpThroughApi(outsider, uniqueEmail(`outsider-${language}`));
      await outsider.goto(pathOf(link));
      await expect(outsider.getByRole('heading', { level: 1 })).toHaveText(
        t.sharing.unavailable.title,
      );
      await expect(outsider.getByTestId('shared-conversation')).toHaveCount(0);
      await expectAccessible(outsider, `shared link refused to an outsider, ${label}`);
      await outsider.context().close();
      await observer.page.context().close();
    });
  });
}

test('a signed-out visitor of a link who creates an account lands on the shared conversation', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const t = textsOf('en');
  const ownerContext = await browser.newContext({ baseURL: E2E_URL });
  const owner = await ownerContext.newPage();
  await signUpThroughApi(owner);
  const { link } = await sharedThroughApi(owner, 'Lease of the office');
  await ownerContext.close();

  await page.goto(pathOf(link));
  await expect(page).toHaveURL(/\/login\?from=/);
  await page.getByRole('link', { name: t.auth.login.register }).click();
  const email = uniqueEmail('visitor');
  const form = page.getByTestId('register-form');
  await form.getByLabel(t.auth.fields.email).fill(email);
  await registerInBrowser(page, 'en', email);
  const details = page.getByTestId('questionnaire-details-form');
  await details.getByLabel(t.questionnaire.details.firstName).fill('Ewa');
  await details.getByLabel(t.questionnaire.details.lastName).fill('Lis');
  await details.getByRole('button', { name: t.questionnaire.details.submit }).click();
  await page.getByTestId('questionnaire-finish').click();

  await expect(page).toHaveURL(new RegExp(`${pathOf(link)}$`));
  await expect(page.getByTestId('shared-conversation')).toContainText('Lease of the office');
});
