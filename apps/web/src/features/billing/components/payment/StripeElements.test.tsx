import type { PaymentCard } from '@themis/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadSignedInTexts } from '../../../../app/i18n';
import { fakeApi, json, sentBodies } from '../../../../test/fake-api';
import { CARD, outcome, overview, quote, receipt, renderAt } from '../../test-data';
import { PaymentCheckout } from './PaymentCheckout';

// The page reads the publishable key from the config the server injects, once, at start.
const KEY = 'pk_test_themis';
await vi.hoisted(async () => {
  const { DEFAULT_RUNTIME_CONFIG } = await import('@themis/shared');
  window.__APP_CONFIG__ = { ...DEFAULT_RUNTIME_CONFIG, stripePublishableKey: 'pk_test_themis' };
});

type Listener = (event: unknown) => void;
const FRAME_TITLE = 'Secure card payment input frame';

/** A Stripe.js element: mounts a stand-in for Stripe's iframe, and emits what a test says. */
function fakeElement(type: string, options: unknown) {
  const listeners = new Map<string, Set<Listener>>();
  const frame = Object.assign(document.createElement('iframe'), { title: FRAME_TITLE });
  const element = {
    type,
    options,
    destroyed: false,
    mount: vi.fn((node: HTMLElement) => void node.append(frame)),
    destroy: vi.fn(() => {
      element.destroyed = true;
      frame.remove();
    }),
    on(event: string, listener: Listener) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      return element;
    },
    off(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
      return element;
    },
    update: vi.fn(),
    focus: vi.fn(),
    blur: vi.fn(),
    clear: vi.fn(),
    listening: (event: string) => (listeners.get(event)?.size ?? 0) > 0,
    emit: (event: string, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
  };
  return element;
}

/** What `Stripe(key)` returns, as far as @stripe/react-stripe-js and the form use it. */
function fakeStripe() {
  const created: ReturnType<typeof fakeElement>[] = [];
  return {
    elements: vi.fn((_options?: unknown) => ({
      create: vi.fn((type: string, options?: unknown) => {
        created.push(fakeElement(type, options));
        return created.at(-1);
      }),
      // Stripe.js takes the type or the React component (which names its type).
      getElement: (type: string | { __elementType?: string }) =>
        created.findLast(
          (element) =>
            !element.destroyed &&
            element.type === (typeof type === 'string' ? type : type.__elementType),
        ) ?? null,
      update: vi.fn(),
      fetchUpdates: vi.fn(() => Promise.resolve({})),
      submit: vi.fn(() => Promise.resolve({})),
    })),
    /** The card element on the page. */
    card: () => created.findLast((element) => element.type === 'card' && !element.destroyed),
    createToken: vi.fn(),
    createPaymentMethod: vi.fn(),
    handleNextAction: vi.fn(),
    confirmCardSetup: vi.fn<(clientSecret: string, data?: unknown) => Promise<unknown>>(),
    confirmCardPayment: vi.fn<(clientSecret: string, data?: unknown) => Promise<unknown>>(),
    registerAppInfo: vi.fn(),
    _registerWrapper: vi.fn(),
  };
}

// The page keeps the Stripe instance once loaded: the same object, given fresh fakes per test.
const stripe = fakeStripe();
// loadStripe uses a Stripe.js already on the page rather than fetching it from Stripe.
const StripeJs = Object.assign(
  vi.fn((_key: string) => stripe),
  { version: 'endive' },
);

const SETUP_SECRET = 'seti_1_secret_abc';
const PAYMENT_SECRET = 'pi_1_secret_def';
const STRIPE_CARD: PaymentCard = { ...CARD, pk: 'card-stripe', provider: 'stripe' };
const CARD_DECLINED = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};

type Handlers = Parameters<typeof fakeApi>[0];

function openCheckout(handlers: Handlers = {}, cards: PaymentCard[] = []) {
  const api = fakeApi({
    'PUT /billing/details': async (request) => json({ details: await request.clone().json() }),
    'POST /billing/card/setup-intent': () => json({ client_secret: SETUP_SECRET }),
    'POST /billing/card/create': () => json(STRIPE_CARD, 201),
    'POST /billing/subscribe': () => json(outcome('succeeded')),
    ...handlers,
  });
  const checkout = (
    <PaymentCheckout
      quote={quote()}
      overview={overview()}
      cards={cards}
      initialDetails={receipt().buyer}
      organizationPk={null}
      donePath="/billing/subscription"
    />
  );
  return { api, ...renderAt('/payment', checkout) };
}

/** The payer finishes typing the card into Stripe's field. */
async function completeCard() {
  await screen.findByTitle(FRAME_TITLE);
  await waitFor(() => expect(stripe.card()?.listening('change')).toBe(true));
  act(() => stripe.card()?.emit('change', { elementType: 'card', empty: false, complete: true }));
}

const pay = () => fireEvent.click(screen.getByTestId('payment-pay'));

beforeEach(() => {
  Object.assign(stripe, fakeStripe());
  vi.stubGlobal('Stripe', StripeJs);
});

describe('Stripe Elements payment form', () => {
  it("mounts Stripe's card field, and asks for the card until it is complete", async () => {
    const { api } = openCheckout();
    const field = await screen.findByRole('group', { name: 'Card details' });
    expect(within(field).getByTitle(FRAME_TITLE)).toBeTruthy();
    expect(StripeJs).toHaveBeenCalledWith(KEY);
    expect(stripe.elements).toHaveBeenCalledWith({ locale: 'en' });
    expect(stripe.card()?.options).toMatchObject({ hidePostalCode: true });
    expect(stripe.card()?.mount).toHaveBeenCalledTimes(1);

    pay();
    expect(await screen.findByText("Enter the card's number, expiry date and CVC.")).toBeTruthy();
    expect(await sentBodies(api, 'PUT /billing/details')).toEqual([]);
    await completeCard();
    await waitFor(() =>
      expect(screen.queryByText("Enter the card's number, expiry date and CVC.")).toBeNull(),
    );
  });

  it("shows Stripe's card error in the page's language, and charges nothing", async () => {
    await i18n.changeLanguage('pl');
    await loadSignedInTexts();
    stripe.confirmCardSetup.mockResolvedValue({ error: CARD_DECLINED });
    const { api } = openCheckout();
    await completeCard();
    expect(stripe.elements).toHaveBeenCalledWith({ locale: 'pl' });
    pay();

    // Our translation, not Stripe's English message.
    expect((await screen.findByRole('alert')).textContent).toBe('Karta została odrzucona.');
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith(SETUP_SECRET, {
      payment_method: { card: stripe.card() },
    });
    expect(await sentBodies(api, 'POST /billing/card/setup-intent')).toEqual([
      { organization_pk: null },
    ]);
    expect(await sentBodies(api, 'POST /billing/card/create')).toEqual([]);
    expect(await sentBodies(api, 'POST /billing/subscribe')).toEqual([]);
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(screen.getByTestId('payment-pay')).toHaveProperty('disabled', false),
    );
    expect(screen.getByTitle(FRAME_TITLE)).toBeTruthy();
  });

  it('saves the card, runs 3-D Secure in Stripe, then has the server confirm', async () => {
    stripe.confirmCardSetup.mockResolvedValue({
      setupIntent: { id: 'seti_1', status: 'succeeded', payment_method: 'pm_card_visa' },
    });
    let finishAuthentication: (result: unknown) => void = () => undefined;
    stripe.confirmCardPayment.mockImplementation(
      () => new Promise((resolve) => (finishAuthentication = resolve)),
    );
    const { api, router } = openCheckout({
      'POST /billing/subscribe': () =>
        json(outcome('requires_action', { client_secret: PAYMENT_SECRET })),
      'POST /billing/payment/confirm/payment-1': () => json(outcome('succeeded')),
    });
    await completeCard();
    pay();

    // The bank's step is open in Stripe's frame: nothing is confirmed until it ends.
    await waitFor(() => expect(stripe.confirmCardPayment).toHaveBeenCalledWith(PAYMENT_SECRET));
    expect(await sentBodies(api, 'POST /billing/card/create')).toEqual([
      { provider: 'stripe', payment_method_id: 'pm_card_visa', organization_pk: null },
    ]);
    expect(await sentBodies(api, 'POST /billing/subscribe')).toEqual([
      { plan_pk: 'plan-pro', period: 'monthly', card_pk: STRIPE_CARD.pk, organization_pk: null },
    ]);
    expect(await sentBodies(api, 'POST /billing/payment/confirm/payment-1')).toEqual([]);

    act(() => finishAuthentication({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    expect(await screen.findByText('Payment received. You are on the Pro plan.')).toBeTruthy();
    await screen.findByTestId('billing-subscription-stand-in');
    expect(router.state.location.pathname).toBe('/billing/subscription');
    expect(await sentBodies(api, 'POST /billing/payment/confirm/payment-1')).toEqual([{}]);
  });

  it('says when the bank refused the authentication of a saved card, and stays', async () => {
    stripe.confirmCardPayment.mockResolvedValue({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      },
    });
    const { api, router } = openCheckout(
      {
        'POST /billing/subscribe': () =>
          json(outcome('requires_action', { client_secret: PAYMENT_SECRET })),
        'POST /billing/payment/confirm/payment-1': () =>
          json(outcome('requires_action', { client_secret: PAYMENT_SECRET })),
      },
      [CARD],
    );
    await screen.findByRole('radio', { name: 'Visa •••• 4242, expires 12/2030' });
    // Stripe.js is ready (react-stripe-js registers with it once Elements has it).
    await waitFor(() => expect(stripe.registerAppInfo).toHaveBeenCalled());
    pay();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The bank did not confirm the payment. Try again or use another card.',
    );
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith(PAYMENT_SECRET);
    expect(stripe.confirmCardSetup).not.toHaveBeenCalled();
    expect(await sentBodies(api, 'POST /billing/payment/confirm/payment-1')).toEqual([{}]);
    expect(router.state.location.pathname).toBe('/payment');
  });
});
