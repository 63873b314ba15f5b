import type { BillingDetails, PaymentCard } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, fakeApi, json, sentBodies, userResponse } from '../../../test/fake-api';
import {
  CARD,
  EXPERT,
  outcome,
  overview,
  PRO,
  quote,
  receipt,
  renderAt,
  subscription,
} from '../test-data';
import { PaymentPage } from './PaymentPage';

const NEW_CARD: PaymentCard = { ...CARD, pk: 'card-2', last4: '4444', is_default: false };
const SAVED_DETAILS: BillingDetails = receipt().buyer;

type Handlers = Parameters<typeof fakeApi>[0];

function openPayment(
  handlers: Handlers = {},
  { path = '/payment?plan=plan-pro&period=monthly', cards = [] as PaymentCard[] } = {},
) {
  const api = fakeApi({
    'GET /billing/quote': () => json(quote()),
    'GET /billing/subscription': () => json(overview()),
    'GET /billing/card/list': () => json(cards),
    'GET /billing/details': () => json({ details: null }),
    'GET /user/get': () => json(userResponse({ phone_number: '600100200' })),
    'PUT /billing/details': async (request) => json({ details: await request.clone().json() }),
    'POST /billing/subscribe': () => json(outcome('succeeded')),
    ...handlers,
  });
  return { api, ...renderAt(path, <PaymentPage />) };
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, value: string) =>
  fireEvent.change(input(testId), { target: { value } });

async function fillAddress() {
  await screen.findByTestId('billing-details-form');
  type('billing-city', 'Warszawa');
  type('billing-zip_code', '00-950');
  type('billing-address', 'ul. Prosta 1');
}

function fillCard(number: string) {
  type('card-number', number);
  type('card-exp-month', '12');
  type('card-exp-year', '2030');
  type('card-cvc', '123');
}

const pay = () => fireEvent.click(screen.getByTestId('payment-pay'));

describe('payment', () => {
  it('summarises the plan with net, VAT and gross, and labels the sandbox', async () => {
    openPayment();
    const summary = await screen.findByTestId('payment-summary');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    expect(screen.getByTestId('payment-summary-plan').textContent).toBe('PlanPro');
    expect(screen.getByTestId('payment-summary-period').textContent).toBe('Billing periodMonthly');
    const text = summary.textContent?.replace(/\s/g, ' ');
    expect(text).toContain('Charged today: PLN 99.00');
    expect(text).toContain('NetPLN 80.49VAT 23%PLN 18.51GrossPLN 99.00');
    expect(text).toContain('Renews automatically on 20.12.2026: PLN 99.00, billed monthly.');
    expect(screen.getByTestId('payment-pay').textContent?.replace(/\s/g, ' ')).toBe(
      'Pay PLN 99.00',
    );
    expect(screen.getByTestId('sandbox-notice').textContent).toContain('Sandbox: no real money');
    expect(screen.getByText('4000 0025 0000 3155').nextSibling?.textContent).toBe(
      'The bank asks for authentication',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use the test card 4242 4242 4242 4242' }));
    expect(input('card-number').value).toBe('4242424242424242');
    expect(input('card-cvc').value).toBe('123');
  });

  it('fills the billing details from the account until they are saved', async () => {
    openPayment();
    await screen.findByTestId('billing-details-form');
    expect(input('billing-first_name').value).toBe('Anna');
    expect(input('billing-last_name').value).toBe('Kowalska');
    expect(input('billing-email').value).toBe('anna@example.com');
    expect(input('billing-phone').value).toBe('600100200');
    expect(input('billing-country').value).toBe('PL');
    expect(input('billing-zip_code').placeholder).toBe('00-000');
  });

  it('checks the billing details as they are typed', async () => {
    const { api } = openPayment();
    await fillAddress();
    type('billing-zip_code', '00950');
    expect(await screen.findByText('Invalid zip code (00-000)')).toBeTruthy();
    // Elsewhere the Polish format does not apply.
    fireEvent.change(input('billing-country'), { target: { value: 'DE' } });
    await waitFor(() => expect(screen.queryByText('Invalid zip code (00-000)')).toBeNull());

    type('billing-nip', '1234567890');
    expect(await screen.findByText('Invalid NIP')).toBeTruthy();
    // A NIP makes the buyer a company, which needs its name.
    expect(screen.getByTestId('billing-company_name').getAttribute('aria-invalid')).toBe('true');
    type('billing-nip', '526-025-02-74');
    type('billing-company_name', 'Kancelaria');
    await waitFor(() => expect(screen.queryByText('Invalid NIP')).toBeNull());

    type('billing-email', 'anna@');
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    pay();
    await waitFor(() => expect(input('card-number').getAttribute('aria-invalid')).toBe('true'));
    expect(await sentBodies(api, 'PUT /billing/details')).toEqual([]);
  });

  it('shows why a card was refused, keeps the form, and pays once it is fixed', async () => {
    let created = false;
    const { api, router } = openPayment({
      'POST /billing/card/create': async (request) => {
        const body = (await request.clone().json()) as { card: { number: string } };
        if (body.card.number === '4000000000000002') return detail('card_declined', 402);
        created = true;
        return json(NEW_CARD, 201);
      },
      'GET /billing/card/list': () => json(created ? [NEW_CARD] : []),
    });
    await fillAddress();
    fillCard('4000 0000 0000 0002');
    pay();

    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect(input('card-number').value).toBe('4000 0000 0000 0002');
    expect(input('billing-city').value).toBe('Warszawa');
    expect(await sentBodies(api, 'POST /billing/subscribe')).toEqual([]);

    type('card-number', '4242424242424242');
    pay();
    expect(await screen.findByText('Payment received. You are on the Pro plan.')).toBeTruthy();
    await screen.findByTestId('billing-subscription-stand-in');
    expect(router.state.location.pathname).toBe('/billing/subscription');

    expect(await sentBodies(api, 'POST /billing/card/create')).toEqual([
      {
        provider: 'sandbox',
        card: { number: '4000000000000002', exp_month: 12, exp_year: 2030, cvc: '123' },
        organization_pk: null,
      },
      {
        provider: 'sandbox',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' },
        organization_pk: null,
      },
    ]);
    expect(await sentBodies(api, 'POST /billing/subscribe')).toEqual([
      { plan_pk: PRO.pk, period: 'monthly', card_pk: 'card-2', organization_pk: null },
    ]);
    const [details] = (await sentBodies(api, 'PUT /billing/details')) as Record<string, unknown>[];
    expect(details).toMatchObject({
      country: 'PL',
      city: 'Warszawa',
      zip_code: '00-950',
      first_name: 'Anna',
      email: 'anna@example.com',
      nip: '',
      organization_pk: null,
    });
  });

  it('asks the bank (the sandbox) to authenticate, then confirms the payment', async () => {
    const { api } = openPayment(
      {
        'GET /billing/details': () => json({ details: SAVED_DETAILS }),
        'POST /billing/subscribe': () => json(outcome('requires_action')),
        'POST /billing/payment/confirm/payment-1': () => json(outcome('succeeded')),
      },
      { cards: [CARD] },
    );
    const saved = await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/2030' });
    expect(saved).toHaveProperty('checked', true);
    expect(input('billing-city').value).toBe('Warszawa');
    pay();

    const dialog = await screen.findByRole('dialog', { name: 'Bank authentication (sandbox)' });
    expect(await sentBodies(api, 'POST /billing/subscribe')).toEqual([
      { plan_pk: PRO.pk, period: 'monthly', card_pk: CARD.pk, organization_pk: null },
    ]);
    fireEvent.click(within(dialog).getByTestId('bank-auth-complete'));
    expect(await screen.findByText('Payment received. You are on the Pro plan.')).toBeTruthy();
    await screen.findByTestId('billing-subscription-stand-in');
    expect(await sentBodies(api, 'POST /billing/payment/confirm/payment-1')).toEqual([
      { sandbox_authentication: 'complete' },
    ]);
  });

  it('says when the authentication failed, and stays on the page', async () => {
    openPayment(
      {
        'GET /billing/details': () => json({ details: SAVED_DETAILS }),
        'POST /billing/subscribe': () => json(outcome('requires_action')),
        'POST /billing/payment/confirm/payment-1': () => detail('authentication_failed', 402),
      },
      { cards: [CARD] },
    );
    await screen.findByTestId('payment-form');
    pay();
    const dialog = await screen.findByRole('dialog', { name: 'Bank authentication (sandbox)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fail' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The bank did not confirm the payment. Try again or use another card.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('payment-pay')).toHaveProperty('disabled', false);
    expect(input('billing-city').value).toBe('Warszawa');
  });

  it('changes a subscription to a lower plan at the period end', async () => {
    const current = subscription({ plan: EXPERT });
    const { api } = openPayment({
      'GET /billing/subscription': () => json(overview(current)),
      'GET /billing/details': () => json({ details: SAVED_DETAILS }),
      'GET /billing/quote': () =>
        json(
          quote({
            kind: 'downgrade',
            charge_now: { net: 0, vat: 0, gross: 0 },
            effective_at: '2026-12-20T10:00:00.000Z',
          }),
        ),
      'POST /billing/subscription/change': () =>
        json(outcome('scheduled', { overview: overview(current) })),
    });
    expect(await screen.findByTestId('payment-nothing-today')).toBeTruthy();
    expect(screen.getByTestId('payment-change-card').textContent).toBe(
      'Nothing is charged now. The renewals stay on Visa •••• 4242.',
    );
    expect(screen.getByTestId('payment-summary-kind').textContent).toBe('ChangeDowngrade');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the change' }));
    expect(await screen.findByText('Your plan changes to Pro on 20.12.2026.')).toBeTruthy();
    expect(await sentBodies(api, 'POST /billing/subscription/change')).toEqual([
      { plan_pk: PRO.pk, period: 'monthly', organization_pk: null },
    ]);
  });

  it("charges an upgrade to the subscription's card, or to another one chosen", async () => {
    const current = subscription({ plan: PRO });
    const { api } = openPayment(
      {
        'GET /billing/subscription': () => json(overview(current)),
        'GET /billing/details': () => json({ details: SAVED_DETAILS }),
        'GET /billing/quote': () =>
          json(
            quote({
              kind: 'upgrade',
              plan: EXPERT,
              charge_now: { net: 10726, vat: 2467, gross: 13193 },
            }),
          ),
        'POST /billing/subscription/change': () =>
          json(outcome('succeeded', { overview: overview(subscription({ plan: EXPERT })) })),
      },
      { path: '/payment?plan=plan-expert&period=monthly', cards: [NEW_CARD, CARD] },
    );
    const renewing = await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/2030' });
    // The subscription's card is chosen, though a newer card is listed first.
    expect((renewing as HTMLInputElement).checked).toBe(true);
    expect(
      screen.getByText(
        'The price difference is charged now to the card you choose, which the subscription keeps renewing with.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Visa •••• 4444, expires 12/2030' }));
    pay();
    expect(await screen.findByText('Payment received. You are on the Expert plan.')).toBeTruthy();
    expect(await sentBodies(api, 'POST /billing/subscription/change')).toEqual([
      { plan_pk: EXPERT.pk, period: 'monthly', organization_pk: null, card_pk: NEW_CARD.pk },
    ]);
  });

  it("pays for an organization's plan and returns to its billing", async () => {
    const { api, router } = openPayment(
      {
        'GET /billing/details': () => json({ details: SAVED_DETAILS }),
        'GET /billing/quote': () => json(quote({ period: 'yearly' })),
      },
      { path: '/payment?organization=org-1&plan=plan-pro&period=yearly', cards: [CARD] },
    );
    expect((await screen.findByTestId('payment-back')).getAttribute('href')).toBe(
      '/organizations/billing',
    );
    await screen.findByTestId('payment-form');
    pay();
    await screen.findByTestId('organizations-billing-stand-in');
    expect(router.state.location.pathname).toBe('/organizations/billing');
    expect(await sentBodies(api, 'POST /billing/subscribe')).toEqual([
      { plan_pk: PRO.pk, period: 'yearly', card_pk: CARD.pk, organization_pk: 'org-1' },
    ]);
  });

  it('removes a saved card once confirmed, and says when it cannot be', async () => {
    let cards = [CARD, NEW_CARD];
    openPayment(
      {
        'GET /billing/card/list': () => json(cards),
        [`DELETE /billing/card/delete/${NEW_CARD.pk}`]: () => {
          cards = [CARD];
          return json({ status: 'ok' });
        },
        [`DELETE /billing/card/delete/${CARD.pk}`]: () => detail('card_in_use', 409),
      },
      { cards },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4444' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove this card?' });
    fireEvent.click(within(confirm).getByTestId('confirm-action'));
    expect(await screen.findByText('The card was removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('saved-card')).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Visa •••• 4242' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove this card?' });
    fireEvent.click(within(confirm).getByTestId('confirm-action'));
    expect(
      await screen.findByText(
        'Your subscription renews with this card: add another card before removing it.',
      ),
    ).toBeTruthy();
  });

  it('says when the link lacks the plan or period', async () => {
    openPayment({}, { path: '/payment?plan=plan-pro' });
    expect(await screen.findByText(/This payment link is incomplete/)).toBeTruthy();
  });
});
