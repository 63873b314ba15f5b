import type Stripe from 'stripe';
import type { StripePayments, StripeSubscriptionState } from './payments';
import { subscriptionStateOf } from './stripe-invoices';
import { idOf, subscriptionFacts } from './stripe-mapping';
import { recurringPrice, refusingCards, releaseSchedule } from './stripe-subscriptions';

type ChangeRequest = Parameters<StripePayments['changeSubscription']>[0];
type RecurringPrice = ReturnType<typeof recurringPrice>;

/** An upgrade: prorated and charged at once, the cycle restarting, applied once paid. */
async function upgradeNow(
  stripe: Stripe,
  request: ChangeRequest,
  item: Stripe.SubscriptionItem,
): Promise<StripeSubscriptionState> {
  // A Price object, not price_data: pending updates take `price` only.
  const price = await stripe.prices.create(recurringPrice(request), {
    idempotencyKey: `price-${request.idempotencyKey}`,
  });
  const upgraded = await refusingCards(() =>
    stripe.subscriptions.update(
      request.subscriptionRef,
      {
        items: [{ id: item.id, price: price.id }],
        proration_behavior: 'always_invoice',
        billing_cycle_anchor: { type: 'now' },
        // Applied only once its invoice is paid; the bank's step may come first.
        payment_behavior: 'pending_if_incomplete',
        expand: ['latest_invoice'],
      },
      { idempotencyKey: `upgrade-${request.idempotencyKey}` },
    ),
  );
  return subscriptionStateOf(stripe, upgraded);
}

/**
 * The renewals' new price from the period end on. A schedule: the current price to the
 * period end, then the new one. A plain price change would reset the cycle (and charge)
 * whenever the interval changes.
 */
async function renewAtNewPrice(
  stripe: Stripe,
  change: {
    current: Stripe.Subscription;
    item: Stripe.SubscriptionItem;
    wanted: RecurringPrice;
    idempotencyKey: string;
  },
): Promise<void> {
  const { current, item, wanted } = change;
  // Renewing at a new price: a cancellation is withdrawn (a schedule would end with it).
  if (current.cancel_at_period_end) {
    await stripe.subscriptions.update(current.id, { cancel_at_period_end: false });
  }
  const schedule = await stripe.subscriptionSchedules.create(
    { from_subscription: current.id },
    { idempotencyKey: `schedule-${change.idempotencyKey}` },
  );
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    phases: [
      {
        items: [{ price: item.price.id, quantity: 1 }],
        start_date: schedule.phases[0]?.start_date ?? item.current_period_start,
        end_date: item.current_period_end,
      },
      {
        items: [{ price_data: wanted, quantity: 1 }],
        duration: { interval: wanted.recurring.interval, interval_count: 1 },
        proration_behavior: 'none',
      },
    ],
  });
}

/** A plan change: charged now (an upgrade) or from the renewal on (a downgrade). */
export function stripeSubscriptionChange(
  stripe: Stripe,
): Pick<StripePayments, 'changeSubscription'> {
  return {
    async changeSubscription(request) {
      const current = await stripe.subscriptions.retrieve(request.subscriptionRef);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${current.id} has no item`);
      await releaseSchedule(stripe, current);
      if (request.now) return upgradeNow(stripe, request, item);
      const facts = subscriptionFacts(current);
      const noPayment = { ...facts, payment: null, invoiceId: null, amountGross: null };
      const wanted = recurringPrice(request);
      // The current price: the waiting change, released above, was all there was to undo.
      const unchanged =
        item.price.unit_amount === wanted.unit_amount &&
        item.price.recurring?.interval === wanted.recurring.interval &&
        idOf(item.price.product) === wanted.product;
      if (!unchanged) {
        await renewAtNewPrice(stripe, {
          current,
          item,
          wanted,
          idempotencyKey: request.idempotencyKey,
        });
      }
      return noPayment;
    },
  };
}
