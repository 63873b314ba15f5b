import type { BillingPeriod, CardFailureCode, PaymentFailureCode } from '@themis/shared';

export type { CardFailureCode, PaymentFailureCode };

/** What may be kept of a card: the provider's reference and what is shown. */
interface SavedCard {
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

/** A charge the provider refused outright, before it kept anything (no subscription, no invoice). */
export class PaymentRefusedError extends Error {
  constructor(readonly code: PaymentFailureCode) {
    super(`payment refused: ${code}`);
    this.name = 'PaymentRefusedError';
  }
}

interface ChargeRequest {
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

/** A Stripe subscription as we keep it in step: its status, period and cancellation. */
export interface StripeSubscriptionFacts {
  id: string;
  /** Stripe's status: active, past_due, incomplete, canceled, unpaid... */
  status: string;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export interface StripeSubscriptionState extends StripeSubscriptionFacts {
  /** The payment of the invoice the call made (first or prorated): what the bank said. */
  payment: ChargeResult | null;
  invoiceId: string | null;
  /** What that invoice charges, VAT included. */
  amountGross: number | null;
}

/** What the billing module reads of an invoice a webhook reports. */
export interface StripeInvoiceFacts {
  id: string;
  subscriptionRef: string | null;
  /** subscription_create, subscription_update, subscription_cycle, ... */
  billingReason: string | null;
  /** Our first payment of the subscription, from its metadata (its webhook may beat the call). */
  firstPaymentId: string | null;
  amountPaid: number;
  amountDue: number;
  attemptCount: number;
  /** The period the invoice pays for (its latest-ending line's), when it has lines. */
  periodStart: Date | null;
  periodEnd: Date | null;
  /** When Stripe charges again after a failure; null when it will not. */
  nextPaymentAttempt: Date | null;
}

/** A webhook event, verified and reduced to what the billing module handles. */
export type StripeWebhookEvent = { id: string; type: string } & (
  | { kind: 'invoice_paid' | 'invoice_payment_failed'; invoice: StripeInvoiceFacts }
  | { kind: 'subscription_updated' | 'subscription_deleted'; subscription: StripeSubscriptionFacts }
  | { kind: 'unhandled' }
);

interface StripeCustomerDetails {
  email: string;
  name: string;
  phone: string;
  address: { country: string; city: string; postalCode: string; line1: string };
}

/**
 * Stripe (STRIPE_* set): Stripe's subscriptions renew, its webhooks tell the outcome. Card
 * errors come back as results; anything else (Stripe unreachable) is thrown.
 */
export interface StripePayments {
  readonly kind: 'stripe';
  ensureCustomer(account: { id: string; email: string; name: string }): Promise<string>;
  /** Changed billing details, copied so Stripe's dashboard and e-mails name the payer. */
  updateCustomer(customerRef: string, details: StripeCustomerDetails): Promise<void>;
  createSetupIntent(customerRef: string): Promise<{ clientSecret: string }>;
  /** A payment method Elements confirmed with a SetupIntent, made the customer's default. */
  attachCard(customerRef: string, paymentMethodId: string): Promise<CardSaveResult>;
  detachCard(cardRef: string): Promise<void>;
  createSubscription(request: {
    /** Our payment, kept in the subscription's metadata: invoices name it to the webhook. */
    paymentId: string;
    customerRef: string;
    cardRef: string;
    productRef: string;
    amountGross: number;
    currency: string;
    period: BillingPeriod;
    idempotencyKey: string;
  }): Promise<StripeSubscriptionState>;
  /**
   * `now`: an upgrade, prorated and charged at once, the cycle restarting; it takes effect
   * only once paid. Otherwise the price of the renewals from the period end on (a
   * downgrade), or, given the current price, a waiting change withdrawn.
   */
  changeSubscription(request: {
    subscriptionRef: string;
    productRef: string;
    amountGross: number;
    currency: string;
    period: BillingPeriod;
    now: boolean;
    idempotencyKey: string;
  }): Promise<StripeSubscriptionState>;
  retrieveSubscription(subscriptionRef: string): Promise<StripeSubscriptionFacts>;
  setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void>;
  cancelNow(subscriptionRef: string): Promise<void>;
  setDefaultCard(subscriptionRef: string, cardRef: string): Promise<void>;
  /** A past-due subscription's open invoice charged again now (the outcome comes by webhook). */
  retryOpenInvoice(subscriptionRef: string): Promise<void>;
  /** `paymentRef`: the invoice (in_…) our payment stands for, or a PaymentIntent (pi_…). */
  retrievePayment(paymentRef: string): Promise<ChargeResult>;
  /** A payment refused or given up: its open invoice is voided so it cannot be paid later. */
  abandonPayment(paymentRef: string): Promise<void>;
  ensureProduct(plan: { id: string; name: string; productRef: string | null }): Promise<string>;
  /** The event, once its signature is verified; null when it is not. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): StripeWebhookEvent | null;
}

export type Payments = SandboxPayments | StripePayments;
