import type { Browser } from '@playwright/test';
import {
  applyVariant,
  codeFromOutbox,
  createConversationThroughApi,
  interpolate,
  linkFromOutbox,
  openSidebar,
  PASSWORD,
  signUpThroughApi,
  textsOf,
  uniqueEmail,
  VARIANTS,
  registerInBrowser,
} from './accounts';
import { E2E_URL } from './env';
import { expect, expectAccessible, test } from './fixtures';
import { colleagueJoining, inviteThroughApi, ownerWithOrganization } from './organizations';

// An owner's firm invites a colleague by e-mail; the colleague opens the link, accepts, works
// in the firm's context and switches back to their own, whose history is their own. Another
// account that opens the link is told to sign in with the invited one.

async function firmInviting(browser: Browser, email: string, name: string) {
  const context = await browser.newContext({ baseURL: E2E_URL });
  const owner = await context.newPage();
  const { pk } = await ownerWithOrganization(owner, name);
  await inviteThroughApi(owner, pk, email);
  await context.close();
}

for (const variant of VARIANTS) {
  test(`an invitation accepted from its e-mail, then back to the individual profile (${variant.label})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const texts = textsOf(variant.language).organizations;
    const firm = variant.language === 'pl' ? 'Kancelaria Nowak' : 'Nowak & Partners';
    await applyVariant(page, variant);
    const email = uniqueEmail('colleague');
    await signUpThroughApi(page, email);
    await createConversationThroughApi(page.request, 'Private matter');
    await firmInviting(browser, email, firm);

    const link = await linkFromOutbox(page.request, email, '/organizations/invitation');
    await page.goto(link);
    const card = page.getByTestId('invitation-page');
    await expect(card.getByRole('heading', { level: 1 })).toHaveText(texts.invitation.title);
    await expect(card).toContainText(
      interpolate(texts.invitation.intro, { organization: firm, role: texts.roles.MEMBER }),
    );
    await expectAccessible(page, `invitation, ${variant.label}`);
    await card.getByRole('button', { name: texts.invitation.accept }).click();

    // The app starts again in the firm's context: its history does not hold the private one.
    await expect(page).toHaveURL(/\/chat$/);
    const sidebar = await openSidebar(page, variant);
    const menuButton = sidebar.getByTestId('organization-menu-button');
    await expect(menuButton).toContainText(firm);
    await expect(sidebar.getByText('Private matter')).toHaveCount(0);

    await menuButton.click();
    const menu = page.getByRole('dialog', { name: texts.menu.label });
    await expect(menu.getByTestId('organization-current')).toContainText(firm);
    await expectAccessible(page, `organization menu, ${variant.label}`);
    await menu.getByRole('button', { name: texts.menu.individual }).click();
    const confirm = page.getByRole('dialog', {
      name: interpolate(texts.switch.title, { name: texts.menu.individual }),
    });
    await expect(confirm).toBeVisible();
    await expectAccessible(page, `switch confirmation, ${variant.label}`);
    await confirm.getByRole('button', { name: texts.switch.confirm }).click();

    await expect(page).toHaveURL(/\/chat$/);
    const again = await openSidebar(page, variant);
    await expect(again.getByTestId('organization-menu-button')).toContainText(
      texts.menu.individual,
    );
    await expect(again.getByText('Private matter')).toBeVisible();
  });
}

test('another account opening the invitation is told to sign in with the invited one', async ({
  page,
  browser,
  pageProblems,
}) => {
  // The invitation is not the signed-in account's to see: a 404, on purpose.
  pageProblems.allow(/status of 404 .*\/api\/organization\/invitation\/get\//);
  const texts = textsOf('en').organizations;
  const invited = uniqueEmail('invited');
  await firmInviting(browser, invited, 'Nowak & Partners');
  // The invited address has no account: its e-mail leads to the sign-up form.
  const signUpLink = await linkFromOutbox(page.request, invited, '/register');
  expect(signUpLink).toContain(`email=${encodeURIComponent(invited)}`);

  // An account holder's invitation, opened by someone else.
  const holderContext = await browser.newContext({ baseURL: E2E_URL });
  const holderPage = await holderContext.newPage();
  const holder = uniqueEmail('holder');
  await signUpThroughApi(holderPage, holder);
  await holderContext.close();
  await firmInviting(browser, holder, 'Kowalski Legal');
  const link = await linkFromOutbox(page.request, holder, '/organizations/invitation');

  // Signed out, the link asks to sign in first, saying what for.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?from=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    textsOf('en').auth.login.invitationTitle,
  );
  await expectAccessible(page, 'login from an invitation');

  await signUpThroughApi(page);
  await page.goto(link);
  const card = page.getByTestId('invitation-page');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(texts.invitation.mismatchTitle);
  await expect(card).toContainText(interpolate(texts.invitation.mismatch, { email: holder }));
  await expectAccessible(page, 'invitation for another account');

  await page.goto('/organizations/invitation?invitation_type=EMAIL&invitation_pk=unknown');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(texts.invitation.notFound);

  // Logging out to use the invited account keeps the invitation: signed in, it opens.
  await page.goto(link);
  await card.getByRole('button', { name: texts.invitation.logout }).click();
  await expect(page).toHaveURL(/\/login\?from=%2Forganizations%2Finvitation/);
  const auth = textsOf('en').auth;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(auth.login.invitationTitle);
  const login = page.getByTestId('login-form');
  await login.getByLabel(auth.fields.email).fill(holder);
  await login.getByLabel(auth.fields.password).fill(PASSWORD);
  await login.getByRole('button', { name: auth.login.submit }).click();
  const code = await codeFromOutbox(page.request, holder, undefined, 'signIn');
  await page.getByTestId('code-input').fill(code);
  await page.getByRole('button', { name: auth.loginCode.submit }).click();
  await expect(card.getByRole('heading', { level: 1 })).toHaveText(texts.invitation.title);
  await expect(card).toContainText(
    interpolate(texts.invitation.intro, {
      organization: 'Kowalski Legal',
      role: texts.roles.MEMBER,
    }),
  );
});

for (const variant of VARIANTS) {
  test(`a new address signs up from its invitation, is told who invited it and answers (${variant.label})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const t = textsOf(variant.language);
    const invited = uniqueEmail('newcomer');
    await firmInviting(browser, invited, 'Nowak & Partners');
    await applyVariant(page, variant);
    const signUpLink = await linkFromOutbox(page.request, invited, '/register');
    await page.goto(signUpLink);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      t.auth.register.invitationTitle,
    );
    const form = page.getByTestId('register-form');
    await expect(form.getByLabel(t.auth.fields.email)).toHaveValue(invited);
    await registerInBrowser(page, variant.language, invited, () =>
      expectAccessible(page, `sign-up from an invitation, ${variant.label}`),
    );

    // The questionnaire names the firm and the inviter, and offers no plan of one's own.
    const notice = page.getByTestId('questionnaire-invitation');
    await expect(notice).toHaveText(
      interpolate(t.questionnaire.invitation.byInviter, {
        inviter: 'Anna Kowalska',
        organization: 'Nowak & Partners',
        role: t.organizations.roles.MEMBER,
      }),
    );
    await expect(page.getByText(t.questionnaire.steps.plan, { exact: true })).toHaveCount(0);
    await expectAccessible(page, `questionnaire of an invitee, ${variant.label}`);
    const details = page.getByTestId('questionnaire-details-form');
    await details.getByLabel(t.questionnaire.details.firstName).fill('Ewa');
    await details.getByLabel(t.questionnaire.details.lastName).fill('Lis');
    await details.getByRole('button', { name: t.questionnaire.details.submit }).click();

    const card = page.getByTestId('invitation-page');
    await expect(page).toHaveURL(/\/organizations\/invitation\?/);
    await expect(card).toContainText(
      interpolate(t.organizations.invitation.intro, {
        organization: 'Nowak & Partners',
        role: t.organizations.roles.MEMBER,
      }),
    );
    await card.getByRole('button', { name: t.organizations.invitation.accept }).click();
    await expect(
      page.getByText(
        interpolate(t.organizations.invitation.joined, { organization: 'Nowak & Partners' }),
      ),
    ).toBeVisible();
  });
}

for (const variant of VARIANTS) {
  test(`the create-organization wizard: name and logo, invitations, plan (${variant.label})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const texts = textsOf(variant.language);
    const create = texts.organizations.create;
    await applyVariant(page, variant);
    await signUpThroughApi(page);
    await page.goto('/chat');
    const sidebar = await openSidebar(page, variant);
    await sidebar.getByTestId('organization-menu-button').click();
    await page.getByTestId('create-organization').click();
    const wizard = page.getByRole('dialog', { name: create.title });
    await expect(wizard).toBeVisible();

    const name = wizard.getByTestId('organization-name');
    await name.fill('A');
    await name.blur();
    await expect(
      wizard.getByText(interpolate(texts.validation.organizationNameMin, { count: 2 })),
    ).toBeVisible();
    await expectAccessible(page, `wizard, organization, ${variant.label}`);
    await name.fill('Nowak & Partners');
    await wizard.getByTestId('picture-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      // A real png: a screenshot of the page itself.
      buffer: await page.screenshot({ clip: { x: 0, y: 0, width: 160, height: 120 } }),
    });
    await wizard.getByRole('button', { name: create.create }).click();

    const emails = wizard.getByTestId('invite-emails');
    await expect(emails).toBeVisible();
    await emails.fill('not-an-address');
    await emails.press('Enter');
    await expect(wizard.getByText(texts.validation.emailInvalid)).toBeVisible();
    await emails.fill('');
    const colleague = uniqueEmail('wizard');
    await emails.fill(colleague);
    await emails.press('Enter');
    await expect(wizard.getByText(colleague, { exact: true })).toBeVisible();
    // A second address gets a role of its own.
    const partner = uniqueEmail('partner');
    await emails.fill(partner);
    await emails.press('Enter');
    await wizard.getByRole('combobox', { name: new RegExp(`^${partner} `) }).click();
    await page.getByRole('option', { name: texts.organizations.roles.ADMIN }).click();
    await expect(wizard.getByTestId('invite-address-role')).toHaveText([
      new RegExp(`^${colleague}.*${texts.organizations.roles.OBSERVER}`),
      new RegExp(`^${partner}.*${texts.organizations.roles.ADMIN}`),
    ]);
    await expectAccessible(page, `wizard, invitations, ${variant.label}`);
    await wizard.getByRole('button', { name: create.send }).click();

    const plan = wizard.getByTestId('organization-plan-step');
    await expect(plan).toContainText(interpolate(create.sent, { count: 2 }));
    await expect(plan).toContainText('Team');
    await expectAccessible(page, `wizard, plan, ${variant.label}`);
    await wizard.getByRole('button', { name: create.close }).click();

    await expect(page).toHaveURL(/\/chat$/);
    const after = await openSidebar(page, variant);
    await expect(after.getByTestId('organization-menu-button')).toContainText('Nowak & Partners');
    await expect(after.getByTestId('organization-menu-button').locator('img')).toBeVisible();
    const invitation = await linkFromOutbox(page.request, colleague, '/register');
    expect(invitation).toContain(encodeURIComponent(colleague));
  });
}

for (const variant of VARIANTS) {
  test(`co-workers: the owner sees usage, changes a role and removes a member (${variant.label})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const texts = textsOf(variant.language).organizations;
    await applyVariant(page, variant);
    const { pk } = await ownerWithOrganization(page, 'Nowak & Partners');
    // A colleague joins through an invitation.
    const { page: colleague, email } = await colleagueJoining(browser, page, pk);
    await colleague.context().close();

    await page.goto('/chat');
    const sidebar = await openSidebar(page, variant);
    await sidebar
      .getByRole('link', { name: textsOf(variant.language).common.nav.organizations })
      .click();
    await expect(page).toHaveURL(/\/organizations\/general$/);
    await page.getByRole('tab', { name: texts.page.coworkers }).click();
    const list = page.getByTestId('coworkers-page');
    await expect(list.getByTestId('coworker-row')).toHaveCount(2);
    await expect(list.getByTestId('coworkers-stats')).toContainText(/1\D000\D000/);
    // Names and addresses wrap as words: the table fits the screen without scrolling sideways.
    const table = list.getByRole('table');
    expect(await table.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    await expectAccessible(page, `co-workers, ${variant.label}`);

    // The colleague signed up as Anna Kowalska. Their row opens the detail panel, 300 px wide
    // on either screen, where the role is changed and they are removed.
    const name = 'Anna Kowalska';
    const row = list.getByTestId('coworker-row').filter({ hasText: email });
    await row
      .getByRole('button', { name: interpolate(texts.coworkers.showDetails, { name }) })
      .click();
    const panel = page.getByRole('dialog', { name: texts.coworkers.details });
    await expect(panel).toContainText(email);
    await expect(panel).toContainText(texts.coworkers.activity);
    expect(Math.round((await panel.boundingBox())!.width)).toBe(300);
    await expectAccessible(page, `co-worker details, ${variant.label}`);
    await panel
      .getByRole('combobox', { name: interpolate(texts.coworkers.roleOf, { name }) })
      .click();
    const changed = page.waitForResponse((r) => r.url().includes('/membership/update/'));
    await page.getByRole('option', { name: texts.roles.OBSERVER }).click();
    expect((await changed).status()).toBe(200);
    await expect(panel.getByRole('combobox')).toHaveText(texts.roles.OBSERVER);
    const toast = page.getByText(
      interpolate(texts.coworkers.roleChanged, { name, role: texts.roles.OBSERVER }),
    );
    await expect(toast).toBeVisible();
    // On a phone toasts come at the top, clear of the buttons at the bottom of a dialog.
    const { height } = variant.viewport;
    const top = (await toast.boundingBox())!.y;
    expect(variant.viewport.width < 768 ? top < height / 2 : top > height / 2).toBe(true);

    await panel
      .getByRole('button', { name: interpolate(texts.coworkers.remove, { name }) })
      .click();
    const confirm = page.getByRole('dialog', { name: texts.coworkers.removeTitle });
    await expectAccessible(page, `remove a co-worker, ${variant.label}`);
    await confirm.getByRole('button', { name: texts.coworkers.removeConfirm }).click();
    await expect(panel).toBeHidden();
    await expect(list.getByTestId('coworker-row')).toHaveCount(1);
    await expect(page.getByText(interpolate(texts.coworkers.removed, { name }))).toBeVisible();
  });
}
