import { stripeFailureCode } from '@themis/shared';
import Stripe from 'stripe';
import type {
  ChargeResult,
  PaymentFailureCode,
  StripeInvoiceFacts,
  StripeSubscriptionFacts,
  StripeWebhookEvent,
} from './payments';

// Stripe's objects reduced to the interface's types: the billing module never sees the SDK.

/** The subscription's metadata key naming our first payment of it. */
export const PAYMENT_ID_KEY = 'themis_payment_id';

/** Stripe's error code, made more precise by the decline code; any other refusal declines. */
const failureCodeOf = (
  code: string | null | undefined,
  declineCode: string | null | undefined,
): PaymentFailureCode => stripeFailureCode(code, declineCode) ?? 'card_declined';

/** A card error's code; undefined for any other error (those are thrown on). */
export function cardErrorCode(error: unknown): PaymentFailureCode | undefined {
  if (!(error instanceof Stripe.errors.StripeCardError)) return undefined;
  return failureCodeOf(error.code, error.decline_code);
}

export const isInvalidRequest = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError;

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const dateOf = (seconds: number) => new Date(seconds * 1000);

/** What the bank said of an invoice's PaymentIntent; `ref` names our payment (the invoice). */
export function chargeOfIntent(
  intent: Stripe.PaymentIntent,
  ref: string,
  clientSecret: string | null,
): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', ref };
    case 'requires_action':
    case 'requires_confirmation':
    case 'processing':
      return { status: 'requires_action', ref, clientSecret: clientSecret ?? intent.client_secret };
    default: {
      const error = intent.last_payment_error;
      const code = error ? failureCodeOf(error.code, error.decline_code) : 'processing_error';
      return { status: 'failed', ref, code };
    }
  }
}

/** The invoice's newest PaymentIntent, when `payments.data.payment.payment_intent` was expanded. */
export function latestIntentOf(invoice: Stripe.Invoice): Stripe.PaymentIntent | undefined {
  const intents = (invoice.payments?.data ?? [])
    .toSorted((a, b) => Number(b.is_default) - Number(a.is_default) || b.created - a.created)
    .map((payment) => payment.payment.payment_intent)
    .filter((intent): intent is Stripe.PaymentIntent => typeof intent === 'object');
  return intents[0];
}

/** Periods live on the subscription's items (API 2025-03-31 on); ours have one item. */
export function subscriptionFacts(subscription: Stripe.Subscription): StripeSubscriptionFacts {
  const item = subscription.items.data[0];
  const start = item?.current_period_start ?? subscription.start_date;
  const end = item?.current_period_end ?? subscription.start_date;
  return {
    id: subscription.id,
    status: subscription.status,
    currentPeriodStart: dateOf(start),
    currentPeriodEnd: dateOf(end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function invoiceFacts(invoice: Stripe.Invoice): StripeInvoiceFacts {
  // The line with the latest end pays for the period to come (a proration's credit ends earlier).
  const line = (invoice.lines?.data ?? []).reduce<Stripe.InvoiceLineItem | undefined>(
    (latest, candidate) =>
      !latest || candidate.period.end > latest.period.end ? candidate : latest,
    undefined,
  );
  const details = invoice.parent?.subscription_details;
  return {
    id: invoice.id,
    subscriptionRef: idOf(details?.subscription),
    billingReason: invoice.billing_reason,
    firstPaymentId: details?.metadata?.[PAYMENT_ID_KEY] ?? null,
    amountPaid: invoice.amount_paid,
    amountDue: invoice.amount_due,
    attemptCount: invoice.attempt_count,
    periodStart: line ? dateOf(line.period.start) : null,
    periodEnd: line ? dateOf(line.period.end) : null,
    nextPaymentAttempt: invoice.next_payment_attempt ? dateOf(invoice.next_payment_attempt) : null,
  };
}

export function webhookEventOf(event: Stripe.Event): StripeWebhookEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'invoice.paid':
      return { ...base, kind: 'invoice_paid', invoice: invoiceFacts(event.data.object) };
    case 'invoice.payment_failed':
      return { ...base, kind: 'invoice_payment_failed', invoice: invoiceFacts(event.data.object) };
    case 'customer.subscription.updated':
      return {
        ...base,
        kind: 'subscription_updated',
        subscription: subscriptionFacts(event.data.object),
      };
    case 'customer.subscription.deleted':
      return {
        ...base,
        kind: 'subscription_deleted',
        subscription: subscriptionFacts(event.data.object),
      };
    default:
      return { ...base, kind: 'unhandled' };
  }
}
