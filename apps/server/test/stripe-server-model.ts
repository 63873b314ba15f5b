import { randomBytes } from 'node:crypto';
import { renderInvoice, renderSubscription } from './stripe-server-render';

// The state of the Stripe stand-in (stripe-server.ts) and Stripe's billing rules it follows:
// customers, cards, subscriptions with their invoices, PaymentIntents and schedules.

type Outcome = 'succeeds' | 'declines' | 'authenticates';

interface TestCard {
  brand: string;
  last4: string;
  /** What a charge does; `authenticates` asks for the bank's step when the payer is there. */
  outcome: Outcome;
  /** Refused when attached to a customer, as Stripe checks the card then. */
  attachError?: { code: string; decline_code?: string };
}

/** Stripe's test PaymentMethods, with the outcomes Stripe's documentation gives them. */
export const TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', outcome: 'succeeds' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', outcome: 'succeeds' },
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155', outcome: 'succeeds' },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', outcome: 'authenticates' },
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', outcome: 'declines' },
  pm_card_chargeDeclined: {
    ...{ brand: 'visa', last4: '0002', outcome: 'declines' },
    attachError: { code: 'card_declined', decline_code: 'generic_decline' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    ...{ brand: 'visa', last4: '9995', outcome: 'declines' },
    attachError: { code: 'card_declined', decline_code: 'insufficient_funds' },
  },
  pm_card_chargeDeclinedExpiredCard: {
    ...{ brand: 'visa', last4: '0069', outcome: 'declines' },
    attachError: { code: 'expired_card' },
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    ...{ brand: 'visa', last4: '0127', outcome: 'declines' },
    attachError: { code: 'incorrect_cvc' },
  },
  pm_card_chargeDeclinedProcessingError: {
    ...{ brand: 'visa', last4: '0119', outcome: 'declines' },
    attachError: { code: 'processing_error' },
  },
};

/** An error as Stripe's API answers it: `{error: {...}}` with its HTTP status. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; code?: string; decline_code?: string; message: string },
  ) {
    super(error.message);
  }
}

const notFound = (id: string) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such object: '${id}'`,
  });
export const invalid = (message: string) =>
  new StripeApiError(400, { type: 'invalid_request_error', message });

export interface Price {
  id: string;
  product: string;
  unit_amount: number;
  currency: string;
  interval: 'month' | 'year';
}

export interface PaymentMethod {
  id: string;
  customer: string | null;
  card: TestCard;
}

export interface Customer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  phone: string | null;
  address: Record<string, unknown> | null;
  defaultPaymentMethod: string | null;
}

export interface Intent {
  id: string;
  invoice: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  clientSecret: string;
  lastError: { type: string; code: string; decline_code?: string; message: string } | null;
  created: number;
}

export interface InvoiceLine {
  id: string;
  amount: number;
  price: Price;
  period: { start: number; end: number };
}

export interface Invoice {
  id: string;
  customer: string;
  subscription: string;
  billingReason: 'subscription_create' | 'subscription_update' | 'subscription_cycle';
  status: 'open' | 'paid' | 'void';
  amountDue: number;
  amountPaid: number;
  attemptCount: number;
  nextPaymentAttempt: number | null;
  lines: InvoiceLine[];
  intents: string[];
  created: number;
}

export interface Subscription {
  id: string;
  customer: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  itemId: string;
  price: Price;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  defaultPaymentMethod: string | null;
  latestInvoice: string | null;
  schedule: string | null;
  /** An upgrade waiting for its invoice to be paid (payment_behavior=pending_if_incomplete). */
  pending: { price: Price; periodStart: number; periodEnd: number } | null;
  metadata: Record<string, string>;
  created: number;
}

export interface Schedule {
  id: string;
  subscription: string;
  status: 'active' | 'released';
  phases: { start: number; end: number | null; price: Price }[];
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;

/** A month or a year on, the month's last day when it has no such day (UTC). */
export function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const date = new Date(seconds * 1000);
  const months = interval === 'month' ? 1 : 12;
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  date.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return Math.floor(date.getTime() / 1000);
}

/** Everything the stand-in holds, and the events Stripe would send about it, in order. */
export class StripeState {
  readonly customers = new Map<string, Customer>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly prices = new Map<string, Price>();
  readonly products = new Map<string, { id: string; name: string }>();
  readonly subscriptions = new Map<string, Subscription>();
  readonly invoices = new Map<string, Invoice>();
  readonly intents = new Map<string, Intent>();
  readonly schedules = new Map<string, Schedule>();
  readonly setupIntents = new Map<string, { id: string; customer: string; secret: string }>();
  /** What Stripe would send, each object as it was at that moment. */
  readonly events: { id: string; type: string; created: number; object: object }[] = [];

  constructor(readonly nowSeconds: () => number) {}

  get<T>(map: Map<string, T>, id: string): T {
    const found = map.get(id);
    if (!found) throw notFound(id);
    return found;
  }

  /** A payment attempt on the invoice with the subscription's (or customer's) default card. */
  attempt(invoice: Invoice, offSession: boolean): void {
    if (invoice.amountDue <= 0) return this.markPaid(invoice);
    const subscription = this.get(this.subscriptions, invoice.subscription);
    const customer = this.get(this.customers, invoice.customer);
    const methodId = subscription.defaultPaymentMethod ?? customer.defaultPaymentMethod;
    const method = methodId ? this.paymentMethods.get(methodId) : undefined;
    const intent: Intent = {
      id: newId('pi'),
      invoice: invoice.id,
      amount: invoice.amountDue,
      currency: subscription.price.currency,
      status: 'requires_payment_method',
      clientSecret: '',
      lastError: null,
      created: this.nowSeconds(),
    };
    intent.clientSecret = `${intent.id}_secret_${randomBytes(8).toString('hex')}`;
    this.intents.set(intent.id, intent);
    invoice.intents.push(intent.id);
    invoice.attemptCount += 1;
    const outcome = method?.card.outcome ?? 'declines';
    if (outcome === 'succeeds') {
      intent.status = 'succeeded';
      return this.markPaid(invoice);
    }
    if (outcome === 'authenticates' && !offSession) {
      intent.status = 'requires_action';
      return;
    }
    intent.lastError =
      outcome === 'authenticates'
        ? cardError('card_declined', 'authentication_required')
        : cardError('card_declined', 'generic_decline');
    this.markFailed(invoice);
  }

  /** The card error of the invoice's last attempt, as the call that made it answers. */
  refusal(invoiceId: string): StripeApiError {
    const invoice = this.get(this.invoices, invoiceId);
    const intent = this.intents.get(invoice.intents.at(-1) ?? '');
    return new StripeApiError(402, intent?.lastError ?? cardError('card_declined'));
  }

  markFailed(invoice: Invoice): void {
    // Smart retries: the next attempt of a renewal a few days on; none for the call's own.
    invoice.nextPaymentAttempt =
      invoice.billingReason === 'subscription_cycle' && invoice.attemptCount < 4
        ? invoice.created + 3 * 86_400 * invoice.attemptCount
        : null;
    this.emit('invoice.payment_failed', invoice.id);
  }

  markPaid(invoice: Invoice): void {
    invoice.status = 'paid';
    invoice.amountPaid = invoice.amountDue;
    invoice.nextPaymentAttempt = null;
    const subscription = this.get(this.subscriptions, invoice.subscription);
    if (subscription.pending && invoice.billingReason === 'subscription_update') {
      Object.assign(subscription, subscription.pending, { pending: null });
    }
    if (subscription.status !== 'canceled') subscription.status = 'active';
    this.emit('invoice.paid', invoice.id);
    if (invoice.billingReason !== 'subscription_create') {
      this.emit('customer.subscription.updated', subscription.id);
    }
  }

  emit(type: string, id: string): void {
    const object = type.startsWith('invoice.')
      ? renderInvoice(this, this.get(this.invoices, id))
      : renderSubscription(this, this.get(this.subscriptions, id));
    this.events.push({ id: newId('evt'), type, created: this.nowSeconds(), object });
  }

  /** Creates an invoice for the subscription and tries to pay it. */
  invoice(
    subscription: Subscription,
    billingReason: Invoice['billingReason'],
    lines: Omit<InvoiceLine, 'id'>[],
    offSession: boolean,
  ): Invoice {
    const invoice: Invoice = {
      id: newId('in'),
      customer: subscription.customer,
      subscription: subscription.id,
      billingReason,
      status: 'open',
      amountDue: Math.max(
        lines.reduce((sum, line) => sum + line.amount, 0),
        0,
      ),
      amountPaid: 0,
      attemptCount: 0,
      nextPaymentAttempt: null,
      lines: lines.map((line) => ({ ...line, id: newId('il') })),
      intents: [],
      created: this.nowSeconds(),
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latestInvoice = invoice.id;
    this.attempt(invoice, offSession);
    return invoice;
  }
}

function cardError(code: string, declineCode?: string) {
  return {
    type: 'card_error',
    code,
    ...(declineCode && { decline_code: declineCode }),
    message: 'Your card was declined.',
  };
}
