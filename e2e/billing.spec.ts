import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import {
  applyVariant,
  interpolate,
  openSidebar,
  signUpThroughApi,
  textsOf,
  uniqueEmail,
  VARIANTS,
  WALK_VARIANTS,
} from './accounts';
import {
  E2E_ANSWER_END,
  E2E_COSTLY_QUESTION_MARK,
  E2E_LLM_MODEL,
  E2E_LLM_MODEL_NAME,
  E2E_URL,
} from './env';
import { expect, expectAccessible, test } from './fixtures';
import { ownerWithOrganization } from './organizations';

// Buying a plan as a user meets it, with the offline sandbox's test cards: Pro yearly chosen
// in the questionnaire, a declined card's message and then success, the new limit shown;
// the bank's authentication step; cancelling with a reason and seeing the end date; an
// owner buying a plan for the organization, from its billing tab and from the wizard that
// creates it; the chat's monthly-limit notice leading to the plans. Every screen is checked
// with axe.

const headers = { origin: E2E_URL };

/** English and light at 1440 px, Polish and dark at 375 px. */
const WALKS = WALK_VARIANTS;

const CARD = {
  visa: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  authentication: '4000 0025 0000 3155',
};

/** The payment page's billing details, as a Polish buyer fills them. */
async function fillDetails(page: Page) {
  const field = (name: string) => page.getByTestId(`billing-${name}`);
  await field('country').selectOption('PL');
  await field('city').fill('Kraków');
  await field('zip_code').fill('31-042');
  await field('address').fill('Rynek Główny 1');
  await field('phone').fill('600100200');
}

async function fillCard(page: Page, number: string) {
  await page.getByTestId('card-number').fill(number);
  await page.getByTestId('card-exp-month').fill('12');
  await page.getByTestId('card-exp-year').fill('2034');
  await page.getByTestId('card-cvc').fill('123');
}

/** A plan bought through the API for the signed-in page, as the payment page buys it. */
async function subscribedThroughApi(page: Page, code: string, period: 'monthly' | 'yearly') {
  const plans = (await (await page.request.get('/api/plan/list')).json()) as {
    pk: string;
    code: string;
  }[];
  const details = await page.request.put('/api/billing/details', {
    headers,
    data: {
      country: 'PL',
      city: 'Kraków',
      zip_code: '31-042',
      address: 'Rynek Główny 1',
      phone: '600100200',
      email: 'anna@example.com',
      first_name: 'Anna',
      last_name: 'Kowalska',
    },
  });
  expect(details.status()).toBe(200);
  const card = await page.request.post('/api/billing/card/create', {
    headers,
    data: {
      provider: 'sandbox',
      card: { number: CARD.visa, exp_month: 12, exp_year: 2034, cvc: '123' },
    },
  });
  expect(card.status()).toBe(201);
  const subscribed = await page.request.post('/api/billing/subscribe', {
    headers,
    data: {
      plan_pk: plans.find((plan) => plan.code === code)!.pk,
      period,
      card_pk: ((await card.json()) as { pk: string }).pk,
    },
  });
  expect(subscribed.status()).toBe(200);
}

for (const variant of WALKS) {
  const { language, label } = variant;
  const t = textsOf(language);
  const b = t.billing;

  test.describe(`billing, ${label}`, () => {
    test.beforeEach(async ({ page }) => {
      await applyVariant(page, variant);
    });

    test('Pro yearly from the questionnaire: a declined card, then payment and the new limit', async ({
      page,
      pageProblems,
    }) => {
      // The longest walk: the questionnaire, two payments and three tabs, with axe on each.
      test.slow();
      // The declined card's refusal, on purpose.
      pageProblems.allow(/status of 402 .*\/api\/billing\/card\/create\)/);
      await signUpThroughApi(page, uniqueEmail('buyer'), { withDetails: false });
      await page.goto('/chat');
      const form = page.getByTestId('questionnaire-details-form');
      await form.getByLabel(t.questionnaire.details.firstName).fill('Anna');
      await form.getByLabel(t.questionnaire.details.lastName).fill('Kowalska');
      await form.getByRole('button', { name: t.questionnaire.details.submit }).click();

      const plans = page.getByTestId('questionnaire-plans');
      await plans.getByTestId('billing-period-yearly').click();
      const pro = plans.getByTestId('plan-card-pro');
      await expect(pro.getByTestId('plan-price-pro-gross')).toContainText('990');
      await pro.getByTestId('plan-button-pro').click();
      await expect(pro).toHaveAttribute('data-state', 'selected');
      await expectAccessible(page, `questionnaire plans, ${label}`);
      await page.getByTestId('questionnaire-finish').click();

      await expect(page).toHaveURL(/\/payment\?/);
      await expect(page.getByTestId('sandbox-notice')).toBeVisible();
      await expect(page.getByTestId('payment-summary-plan')).toContainText('Pro');
      await fillDetails(page);
      await fillCard(page, CARD.declined);
      await expectAccessible(page, `payment page, ${label}`);
      await page.getByTestId('payment-pay').click();
      await expect(page.getByTestId('form-error')).toContainText(t.errors.codes.card_declined);
      await expect(page.getByTestId('billing-city')).toHaveValue('Kraków');
      await expectAccessible(page, `payment refused, ${label}`);

      await fillCard(page, CARD.visa);
      await page.getByTestId('payment-pay').click();
      await expect(page).toHaveURL(/\/billing\/subscription$/);
      const subscription = page.getByTestId('billing-subscription');
      await expect(subscription.getByTestId('subscription-plan')).toContainText('Pro');
      await expect(subscription.getByTestId('subscription-period')).toContainText(b.period.yearly);
      await expect(page.getByTestId('billing-receipt-row')).toHaveCount(1);
      await expectAccessible(page, `subscription tab, ${label}`);
      // On a phone the toast lies over the table: the tap goes through it.
      await expect(page.getByText(interpolate(b.payment.paid, { plan: 'Pro' }))).toBeVisible();
      const download = page.waitForEvent('download');
      await page.getByTestId('billing-receipt-download').click();
      const invoice = await download;
      // The invoice in the page's language.
      const [prefix, title] = language === 'pl' ? ['faktura', 'Faktura'] : ['invoice', 'Invoice'];
      expect(invoice.suggestedFilename()).toMatch(
        new RegExp(`^${prefix}-FV-\\d{4}-\\d{2}-\\d{4}\\.pdf$`),
      );
      const pdf = await getDocumentProxy(new Uint8Array(readFileSync((await invoice.path())!)));
      const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
      // Net, VAT and gross of Pro yearly, and the buyer as the payment page took them.
      expect(text).toContain(title);
      expect(text).toMatch(/804[.,]88 23% 185[.,]12 990[.,]00/);
      expect(text).toContain('Anna Kowalska');
      expect(text).toContain('Rynek Główny 1');
      expect(text).toContain('31-042 Kraków');

      // The new limit, on the plans tab, in what the server holds the chat to and in the
      // chat's own meter.
      await page.getByTestId('billing-tab-plans').click();
      await page.getByTestId('billing-period-yearly').click();
      await expect(page.getByTestId('plan-card-pro')).toHaveAttribute('data-state', 'current');
      const usage = await (await page.request.get('/api/usage/current')).json();
      expect(usage.limit_tokens).toBe(2_000_000);
      await expectAccessible(page, `plans tab, ${label}`);
      await page.goto('/chat');
      await expect(page.getByTestId('usage-meter')).toContainText(
        new Intl.NumberFormat(language).format(2_000_000),
      );
    });

    test('cancelling with a reason shows the date the plan ends', async ({ page }, testInfo) => {
      await signUpThroughApi(page, uniqueEmail('cancel'));
      await subscribedThroughApi(page, 'pro', 'monthly');
      await page.goto('/billing/subscription');
      const subscription = page.getByTestId('billing-subscription');
      await expect(subscription.getByTestId('subscription-plan')).toContainText('Pro');
      await subscription.getByTestId('subscription-cancel').click();
      const dialog = page.getByTestId('cancel-subscription-dialog');
      await expect(dialog.getByTestId('cancel-subscription-confirm')).toBeDisabled();
      await dialog.getByRole('radio', { name: b.cancel.reasons.too_expensive }).check();
      await dialog.getByTestId('cancel-comment').fill('Wystarczy mi plan bezpłatny.');
      await expectAccessible(page, `cancel dialog, ${label}`);
      await dialog.getByTestId('cancel-subscription-confirm').click();
      await expect(dialog.getByTestId('cancel-subscription-done')).toBeVisible();
      await dialog.getByTestId('cancel-subscription-close').click();
      await expect(subscription.getByTestId('subscription-cancelled')).toBeVisible();
      await expect(subscription.getByTestId('subscription-status')).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath('cancelled.png') });
      const overview = await (await page.request.get('/api/billing/subscription')).json();
      expect(overview.subscription).toMatchObject({
        cancel_at_period_end: true,
        cancel_reason: 'too_expensive',
      });
      // The day the plan ends, as the page writes dates (dd.MM.yyyy, the browser's zone).
      const end = new Date(overview.subscription.current_period_end);
      const day = (value: number) => String(value).padStart(2, '0');
      await expect(subscription.getByTestId('subscription-ends')).toContainText(
        `${day(end.getDate())}.${day(end.getMonth() + 1)}.${end.getFullYear()}`,
      );
      await expectAccessible(page, `cancelled subscription, ${label}`);
    });

    test("an owner buys the organization's plan from its billing tab", async ({ page }) => {
      const { pk: organizationPk } = await ownerWithOrganization(page, 'Kancelaria Kowalska');
      await page.goto('/organizations/billing');
      const team = page.getByTestId('plan-card-team');
      await team.getByTestId('plan-button-team').click();
      await page.getByTestId('billing-continue').click();
      await expect(page).toHaveURL(new RegExp(`organization=${organizationPk}`));
      await fillDetails(page);
      await page.getByTestId('billing-company_name').fill('Kancelaria Kowalska');
      await page.getByTestId('billing-nip').fill('526-000-12-46');
      await fillCard(page, CARD.visa);
      await page.getByTestId('payment-pay').click();
      await expect(page).toHaveURL(/\/organizations\/billing$/);
      await expect(page.getByTestId('subscription-plan')).toContainText('Team');
      await expectAccessible(page, `organization billing, ${label}`);
      const usage = await (await page.request.get('/api/usage/current')).json();
      expect(usage.limit_tokens).toBe(10_000_000);
    });

    test("the wizard's paid plan leads to paying for the new organization", async ({ page }) => {
      const create = t.organizations.create;
      await signUpThroughApi(page);
      await page.goto('/chat');
      const sidebar = await openSidebar(page, variant);
      await sidebar.getByTestId('organization-menu-button').click();
      await page.getByTestId('create-organization').click();
      const wizard = page.getByRole('dialog', { name: create.title });
      await wizard.getByTestId('organization-name').fill('Kancelaria Wiśniewska');
      await wizard.getByRole('button', { name: create.create }).click();
      await wizard.getByRole('button', { name: create.skip }).click();
      const step = wizard.getByTestId('organization-plan-step');
      await step.getByTestId('billing-period-yearly').click();
      await step.getByTestId('plan-button-business').click();
      await expect(step.getByTestId('plan-card-business')).toHaveAttribute(
        'data-state',
        'selected',
      );
      await expectAccessible(page, `wizard's plan chosen, ${label}`);
      await wizard.getByTestId('organization-plan-pay').click();

      await expect(page).toHaveURL(/\/payment\?/);
      const query = new URL(page.url()).searchParams;
      // The wizard made the new organization the current one.
      const current = (await (await page.request.get('/api/organization/get-current')).json()) as {
        pk: string;
        name: string;
      };
      expect(current.name).toBe('Kancelaria Wiśniewska');
      expect(query.get('organization')).toBe(current.pk);
      expect(query.get('period')).toBe('yearly');
      await expect(page.getByTestId('payment-summary-plan')).toContainText('Business');
      await expectAccessible(page, `payment for the new organization, ${label}`);
    });

    test("the chat's monthly-limit notice leads to the plans", async ({ page }) => {
      await signUpThroughApi(page);
      await page.context().addInitScript((model) => {
        window.localStorage.setItem('themis.chat.model', model);
      }, `openai:${E2E_LLM_MODEL}`);
      await page.goto('/chat');
      await expect(page.getByRole('button', { name: E2E_LLM_MODEL_NAME })).toBeVisible();
      const input = page.getByTestId('chat-input');
      // The provider reports this answer as larger than any plan's month.
      await input.fill(`Summarise ${E2E_COSTLY_QUESTION_MARK}`);
      await input.press('Enter');
      await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
      await expect(page.getByText(E2E_ANSWER_END)).toBeVisible();
      // Until the answer is done, the input's button stops it rather than sending.
      await expect(page.getByRole('button', { name: t.chat.input.send })).toBeVisible();
      await input.fill('And one more question?');
      await input.press('Enter');
      const notice = page.getByTestId('chat-error');
      await expect(notice).toContainText(t.errors.codes.monthly_limit_reached);
      await expectAccessible(page, `monthly limit reached, ${label}`);
      await notice.getByTestId('chat-limit-link').click();
      await expect(page).toHaveURL(/\/billing\/plans$/);
      await expect(page.getByTestId('plan-card-free')).toHaveAttribute('data-state', 'current');
    });
  });
}

test("the bank's authentication step of the sandbox", async ({ page, pageProblems }) => {
  // The payment refused until the bank's step is passed, on purpose.
  pageProblems.allow(/status of 402 .*\/api\/billing\/payment\/confirm\//);
  const t = textsOf('en');
  await applyVariant(page, VARIANTS[0]!);
  await signUpThroughApi(page, uniqueEmail('bank'));
  const plans = (await (await page.request.get('/api/plan/list')).json()) as {
    pk: string;
    code: string;
  }[];
  const expert = plans.find((plan) => plan.code === 'expert')!;
  await page.goto(`/payment?plan=${expert.pk}&period=monthly`);
  await fillDetails(page);
  await fillCard(page, CARD.authentication);
  await page.getByTestId('payment-pay').click();
  const dialog = page.getByTestId('bank-auth-dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, 'bank authentication');
  await dialog.getByTestId('bank-auth-fail').click();
  await expect(page.getByTestId('form-error')).toContainText(t.errors.codes.authentication_failed);
  // The saved card is chosen now; paying again asks again, and this time it is confirmed.
  await page.getByTestId('payment-pay').click();
  await page.getByTestId('bank-auth-complete').click();
  await expect(page).toHaveURL(/\/billing\/subscription$/);
  await expect(page.getByTestId('subscription-plan')).toContainText('Expert');
  await expect(
    page.getByText(interpolate(t.billing.payment.paid, { plan: 'Expert' })),
  ).toBeVisible();
});
