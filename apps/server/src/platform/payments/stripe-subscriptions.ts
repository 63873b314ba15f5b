import type Stripe from 'stripe';
import type { BillingPeriod } from '@themis/shared';
import { PaymentRefusedError, type StripePayments } from './payments';
import { subscriptionStateOf } from './stripe-invoices';
import {
  cardErrorCode,
  idOf,
  isInvalidRequest,
  PAYMENT_ID_KEY,
  subscriptionFacts,
} from './stripe-mapping';

const INTERVALS = { monthly: 'month', yearly: 'year' } as const;

type SubscriptionCalls = Pick<
  StripePayments,
  | 'createSubscription'
  | 'retrieveSubscription'
  | 'setCancelAtPeriodEnd'
  | 'cancelNow'
  | 'setDefaultCard'
  | 'ensureProduct'
>;

/** Our prices are gross (VAT included), in the currency's minor units. */
export function recurringPrice(request: {
  productRef: string;
  amountGross: number;
  currency: string;
  period: BillingPeriod;
}) {
  return {
    currency: request.currency.toLowerCase(),
    product: request.productRef,
    unit_amount: request.amountGross,
    recurring: { interval: INTERVALS[request.period] },
    tax_behavior: 'inclusive' as const,
  };
}

/** A waiting price change (a schedule) goes: what follows is decided anew. */
export async function releaseSchedule(stripe: Stripe, subscription: Stripe.Subscription) {
  const scheduleId = idOf(subscription.schedule);
  if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
}

/** Card errors become refusals; anything else (Stripe unreachable) is thrown on. */
export async function refusingCards<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const code = cardErrorCode(error);
    if (code) throw new PaymentRefusedError(code);
    throw error;
  }
}

/** Subscriptions that Stripe renews, on products made for our plans. */
export function stripeSubscriptionCalls(stripe: Stripe): SubscriptionCalls {
  return {
    async createSubscription(request) {
      const subscription = await refusingCards(() =>
        stripe.subscriptions.create(
          {
            customer: request.customerRef,
            default_payment_method: request.cardRef,
            items: [{ price_data: recurringPrice(request) }],
            metadata: { [PAYMENT_ID_KEY]: request.paymentId },
            // Charged at once; a refusal or the bank's step leaves it incomplete, not an error.
            payment_behavior: 'allow_incomplete',
            expand: ['latest_invoice'],
          },
          { idempotencyKey: `subscription-${request.idempotencyKey}` },
        ),
      );
      return subscriptionStateOf(stripe, subscription);
    },

    async retrieveSubscription(subscriptionRef) {
      return subscriptionFacts(await stripe.subscriptions.retrieve(subscriptionRef));
    },

    async setCancelAtPeriodEnd(subscriptionRef, cancel) {
      if (cancel) {
        await releaseSchedule(stripe, await stripe.subscriptions.retrieve(subscriptionRef));
      }
      await stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel });
    },

    async cancelNow(subscriptionRef) {
      try {
        await stripe.subscriptions.cancel(subscriptionRef);
      } catch (error) {
        // Cancelled already: what was asked is done.
        if (!isInvalidRequest(error)) throw error;
      }
    },

    async setDefaultCard(subscriptionRef, cardRef) {
      await stripe.subscriptions.update(subscriptionRef, { default_payment_method: cardRef });
    },

    async ensureProduct(plan) {
      if (plan.productRef) return plan.productRef;
      const product = await stripe.products.create(
        { name: plan.name, metadata: { plan_id: plan.id } },
        { idempotencyKey: `product-${plan.id}` },
      );
      return product.id;
    },
  };
}
