import type { BillingPeriod } from '@themis/shared';

/** The card codes of spec §8, and the bank refusing its authentication step. */
export type CardFailureCode =
  'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error' | 'incorrect_number';
export type PaymentFailureCode = CardFailureCode | 'authentication_failed';

/** What may be kept of a card: the provider's reference and what is shown. */
export interface SavedCard {
  ref: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type CardSaveResult = { ok: true; card: SavedCard } | { ok: false; code: CardFailureCode };

export type ChargeResult =
  /** `ref` null: nothing was charged (an upgrade the credit covers). */
  | { status: 'succeeded'; ref: string | null }
  /** The bank asks the payer to authenticate; `clientSecret` lets Stripe.js do it. */
  | { status: 'requires_action'; ref: string; clientSecret: string | null }
  | { status: 'failed'; ref: string | null; code: PaymentFailureCode };

export interface ChargeRequest {
  customerRef: string | null;
  cardRef: string;
  amountGross: number;
  currency: string;
  description: string;
  /** A renewal, with nobody at the keyboard: a card set up for it is not asked again. */
  offSession: boolean;
  /** The same key charges once however often the call is repeated. */
  idempotencyKey: string;
}

/**
 * The offline sandbox (the default): Stripe's documented test cards with Stripe's outcomes,
 * no network, no money. Charges are the billing module's own, renewals its durable job.
 */
export interface SandboxPayments {
  readonly kind: 'sandbox';
  saveCard(
    fields: { number: string; expMonth: number; expYear: number; cvc: string },
    now: Date,
  ): CardSaveResult;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The sandbox's authentication step, completed or failed by the payer. */
  authenticate(paymentRef: string, outcome: 'complete' | 'fail'): ChargeResult;
}

export interface StripeSubscriptionState {
  id: string;
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The first invoice's payment: what the subscriber's bank said. */
  payment: ChargeResult | null;
  invoiceId: string | null;
  amountGross: number | null;
}

/** Stripe (STRIPE_* set): Stripe's subscriptions renew, its webhooks tell the outcome. */
export interface StripePayments {
  readonly kind: 'stripe';
  ensureCustomer(account: { id: string; email: string; name: string }): Promise<string>;
  createSetupIntent(customerRef: string): Promise<{ clientSecret: string }>;
  /** A payment method Elements confirmed with a SetupIntent, made the customer's default. */
  attachCard(customerRef: string, paymentMethodId: string): Promise<CardSaveResult>;
  detachCard(cardRef: string): Promise<void>;
  createSubscription(request: {
    customerRef: string;
    cardRef: string;
    productRef: string;
    amountGross: number;
    currency: string;
    period: BillingPeriod;
    idempotencyKey: string;
  }): Promise<StripeSubscriptionState>;
  /** An upgrade now (prorated, charged at once) or the price of the next renewals. */
  changeSubscription(request: {
    subscriptionRef: string;
    productRef: string;
    amountGross: number;
    currency: string;
    period: BillingPeriod;
    now: boolean;
    idempotencyKey: string;
  }): Promise<StripeSubscriptionState>;
  setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void>;
  cancelNow(subscriptionRef: string): Promise<void>;
  setDefaultCard(subscriptionRef: string, cardRef: string): Promise<void>;
  retrievePayment(paymentRef: string): Promise<ChargeResult>;
  ensureProduct(plan: { id: string; name: string; productRef: string | null }): Promise<string>;
  /** The event, once its signature is verified; null when it is not. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): StripeWebhookEvent | null;
}

export interface StripeWebhookEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
}

export type Payments = SandboxPayments | StripePayments;
