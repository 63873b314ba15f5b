import type { Page } from '@playwright/test';
import {
  applyVariant,
  codeFromOutbox,
  interpolate,
  linkFromOutbox,
  openSidebar,
  signUpThroughApi,
  textsOf,
  uniqueEmail,
  VARIANTS,
  type Variant,
  registerInBrowser,
} from './accounts';
import { E2E_ANSWER_END, E2E_LLM_MODEL_NAME, E2E_URL } from './env';
import { expect, expectAccessible, test } from './fixtures';
import { colleagueJoining, ownerWithOrganization } from './organizations';

// The organization's own pages: the owner narrows the models and invites from the
// invitations tab; the invited colleague signs up from the e-mail, joins and chats with the
// one model allowed; the owner sees the usage. Then ownership moves and the organization is
// deleted, each confirmed by an e-mailed code.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The usage line with a number of tokens used other than 0 (grouped as either locale does). */
function someTokensUsed(template: string): RegExp {
  const [before = '', after = ''] = template.split('{{used}}');
  const rest = after.split('{{limit}}').map(escapeRegExp).join('[\\d\\s,.]+');
  return new RegExp(`^${escapeRegExp(before)}[1-9][\\d\\s,.]*${rest}$`);
}

async function signUpFromInvitation(page: Page, variant: Variant, email: string) {
  const t = textsOf(variant.language);
  const link = await linkFromOutbox(page.request, email, '/register');
  await page.goto(link);
  const form = page.getByTestId('register-form');
  await expect(form.getByLabel(t.auth.fields.email)).toHaveValue(email);
  await registerInBrowser(page, variant.language, email);
  const details = page.getByTestId('questionnaire-details-form');
  await details.getByLabel(t.questionnaire.details.firstName).fill('Jan');
  await details.getByLabel(t.questionnaire.details.lastName).fill('Nowicki');
  await details.getByRole('button', { name: t.questionnaire.details.submit }).click();
  // No plan to choose: the invitation opens. Left unanswered here, it waits in the menu.
  await expect(page.getByTestId('invitation-page')).toBeVisible();
  await page.goto('/chat');
}

/**
 * The first variant walks every step; the later one sees every screen but has the colleague
 * sign up through the API (the sign-up from an invitation is walked in each language in
 * organizations.spec.ts).
 */
const SCOPES = ['whole', 'screens'] as const;

for (const [index, variant] of VARIANTS.entries()) {
  const scope = SCOPES[index] ?? 'screens';
  test(`an invited colleague signs up from the e-mail, joins and chats with the allowed model (${variant.label})`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const t = textsOf(variant.language);
    const texts = t.organizations;
    const firm = 'Nowak & Partners';
    const ownerContext = await browser.newContext({ baseURL: E2E_URL });
    const owner = await ownerContext.newPage();
    await applyVariant(owner, variant);
    await ownerWithOrganization(owner, firm);

    // General: only the test model is allowed.
    await owner.goto('/chat');
    await (
      await openSidebar(owner, variant)
    )
      .getByRole('link', { name: t.common.nav.organizations })
      .click();
    await expect(owner).toHaveURL(/\/organizations\/general$/);
    const form = owner.getByTestId('organization-details-form');
    await form.getByLabel(texts.general.allModels).uncheck();
    const models = form.getByRole('combobox', { name: texts.general.allowedModels });
    await models.click();
    const choices = owner.getByRole('listbox');
    await expectAccessible(owner, `organization, allowed models, ${variant.label}`);
    await choices.getByRole('option', { name: t.chat.model.demoName }).click();
    await expect(choices.getByRole('option', { name: E2E_LLM_MODEL_NAME })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await owner.screenshot({ path: testInfo.outputPath('allowed-models.png') });
    await owner.keyboard.press('Escape');
    await expect(models).toHaveText(E2E_LLM_MODEL_NAME);
    await expectAccessible(owner, `organization, general, ${variant.label}`);
    const saved = owner.waitForResponse((r) => r.url().includes('/organization/update/'));
    await form.getByTestId('organization-save').click();
    expect((await saved).status()).toBe(200);
    await expect(form.getByTestId('organization-save')).toBeDisabled();

    // Invitations: two sent, one revoked, the list searched and narrowed by date.
    await owner.getByRole('tab', { name: texts.page.invites }).click();
    const list = owner.getByTestId('invites-page');
    await expect(list).toContainText(texts.invites.none);
    const colleague = uniqueEmail('newcomer');
    const stray = uniqueEmail('stray');
    await list.getByTestId('invite-open').click();
    const dialog = owner.getByRole('dialog', { name: texts.invites.dialogTitle });
    const emails = dialog.getByTestId('invite-emails');
    await emails.pressSequentially(`${colleague} ${stray} `);
    // Each address is listed with its role, the common one unless given its own.
    await expect(
      dialog.getByTestId('invite-address-role').filter({ hasText: stray }),
    ).toBeVisible();
    await expectAccessible(owner, `invite co-workers, ${variant.label}`);
    await dialog.getByTestId('invite-send').click();
    await expect(list.getByTestId('invitation-row')).toHaveCount(2);
    await expectAccessible(owner, `organization, invitations, ${variant.label}`);

    const strayRow = list.getByTestId('invitation-row').filter({ hasText: stray });
    await strayRow
      .getByRole('button', { name: interpolate(texts.invites.revoke, { email: stray }) })
      .click();
    await owner
      .getByRole('dialog', { name: texts.invites.revokeTitle })
      .getByRole('button', { name: texts.invites.revokeConfirm })
      .click();
    await expect(strayRow).toContainText(texts.invites.statuses.revoked);
    await expect(
      owner.getByText(interpolate(texts.invites.revoked, { email: stray })),
    ).toBeVisible();
    await list.getByLabel(texts.invites.search).fill(colleague);
    await expect(list.getByTestId('invitation-row')).toHaveCount(1);
    // The day is typed in the app's format (dd.MM.yyyy in both languages), not the browser's.
    const [year, month, day] = new Date(Date.now() + 86_400_000)
      .toISOString()
      .slice(0, 10)
      .split('-');
    const from = list.getByRole('group', { name: texts.invites.from });
    await from.getByRole('spinbutton').first().click();
    await owner.keyboard.type(`${day}${month}${year}`);
    await expect(from).toContainText(`${day}.${month}.${year}`);
    await expect(list).toContainText(texts.invites.none);
    await owner.screenshot({ path: testInfo.outputPath('invites-date.png') });
    await owner.keyboard.press('ControlOrMeta+a');
    await owner.keyboard.press('Backspace');
    await expect(list.getByTestId('invitation-row')).toHaveCount(1);

    // The colleague signs up from the e-mail, finds the invitation waiting and accepts it.
    await applyVariant(page, variant);
    if (scope === 'whole') await signUpFromInvitation(page, variant, colleague);
    else {
      await signUpThroughApi(page, colleague);
      await page.goto('/chat');
    }
    await (await openSidebar(page, variant)).getByTestId('organization-menu-button').click();
    const menu = page.getByRole('dialog', { name: texts.menu.label });
    await menu
      .getByRole('button', {
        name: interpolate(texts.menu.acceptInvitation, { organization: firm }),
      })
      .click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(
      page.getByText(interpolate(texts.invitation.joined, { organization: firm })),
    ).toBeVisible();
    await expect(
      (await openSidebar(page, variant)).getByTestId('organization-menu-button'),
    ).toContainText(firm);
    if (variant.viewport.width < 768) await page.keyboard.press('Escape');

    // Only the allowed model is offered, and it answers.
    const modelButton = page.getByRole('button', {
      name: interpolate(t.chat.model.label, { name: E2E_LLM_MODEL_NAME }),
    });
    await expect(modelButton).toBeVisible();
    await modelButton.click();
    await expect(page.getByRole('menuitem')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await page.getByTestId('chat-input').fill('What is a notice period?');
    await page.getByTestId('chat-input').press('Enter');
    await expect(page.getByRole('article').last()).toContainText(E2E_ANSWER_END);

    // The owner sees the pooled usage (recorded as the answer ends).
    const billing = owner.getByTestId('organization-billing');
    await expect(async () => {
      await owner.goto('/organizations/billing');
      await expect(billing).toContainText('Team');
      await expect(billing.getByTestId('organization-billing-usage')).toHaveText(
        someTokensUsed(texts.billing.used),
        { timeout: 2_000 },
      );
    }).toPass();
    await expectAccessible(owner, `organization, billing, ${variant.label}`);
    await ownerContext.close();
  });
}

for (const variant of VARIANTS) {
  test(`ownership moves to a member, who then deletes the organization, each by an e-mailed code (${variant.label})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const texts = textsOf(variant.language).organizations;
    const firm = 'Kowalski Legal';
    await applyVariant(page, variant);
    const { email: ownerEmail, pk } = await ownerWithOrganization(page, firm);
    const successor = await colleagueJoining(browser, page, pk, variant);

    await page.goto('/organizations/general');
    const actions = page.getByTestId('organization-owner-actions');
    await actions.getByRole('button', { name: texts.owner.transfer }).click();
    const transfer = page.getByTestId('transfer-ownership-dialog');
    await transfer.getByLabel(texts.owner.newOwner).fill(successor.email);
    await page.getByRole('option', { name: new RegExp(successor.email) }).click();
    await expectAccessible(page, `transfer ownership, ${variant.label}`);
    await transfer.getByTestId('owner-code-send').click();
    await expect(transfer.getByText(texts.owner.codeSent)).toBeVisible();
    const code = await codeFromOutbox(page.request, ownerEmail, undefined, 'ownershipTransfer');
    await transfer.getByTestId('code-input').fill(code);
    await transfer.getByTestId('owner-code-confirm').click();
    await expect(transfer).toHaveCount(0);
    // The former owner is an administrator now: the owner's steps are gone.
    await expect(actions).toHaveCount(0);
    await expect(page.getByTestId('organization-details-form')).toBeVisible();

    // The new owner deletes the organization.
    const next = successor.page;
    await next.goto('/organizations/general');
    await next
      .getByTestId('organization-owner-actions')
      .getByRole('button', { name: texts.owner.delete })
      .click();
    const deletion = next.getByTestId('delete-organization-dialog');
    await expect(deletion.getByTestId('owner-code-send')).toBeDisabled();
    await deletion.getByTestId('delete-organization-consent').check();
    await expectAccessible(next, `delete the organization, ${variant.label}`);
    await deletion.getByTestId('owner-code-send').click();
    const deleteCode = await codeFromOutbox(
      next.request,
      successor.email,
      undefined,
      'organizationDeletion',
    );
    await deletion.getByTestId('code-input').fill(deleteCode);
    await deletion.getByTestId('owner-code-confirm').click();

    // Both are back in their individual profiles; the one who deleted it is told so.
    await expect(next).toHaveURL(/\/chat$/);
    await expect(next.getByText(interpolate(texts.owner.deleted, { name: firm }))).toBeVisible();
    await expect(
      (await openSidebar(next, variant)).getByTestId('organization-menu-button'),
    ).toContainText(texts.menu.individual);
    await expect(page).toHaveURL(/\/chat$/);
    await expect(
      (await openSidebar(page, variant)).getByTestId('organization-menu-button'),
    ).toContainText(texts.menu.individual);
    await next.context().close();
  });
}
