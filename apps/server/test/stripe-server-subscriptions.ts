import {
  addInterval,
  invalid,
  newId,
  type Price,
  type StripeState,
  type Subscription,
} from './stripe-server-model';
import {
  expandOf,
  listOf,
  nested,
  required,
  text,
  type Params,
  type Route,
} from './stripe-server-params';
import { renderSchedule, renderSubscription } from './stripe-server-render';

// Subscriptions and their schedules on the stand-in: created and charged at once, upgraded
// with proration (pending until paid when asked), priced anew, cancelled.

export function subscriptionRoutes(
  state: StripeState,
  cards: {
    priceOf(item: Params): Price;
    customersCard(customer: string, methodId: string): string;
  },
): Route[] {
  const now = () => state.nowSeconds();
  const { priceOf, customersCard } = cards;

  const liveSubscription = (id: string): Subscription => {
    const subscription = state.get(state.subscriptions, id);
    if (subscription.status === 'canceled') {
      throw invalid(`A canceled subscription can only update its cancellation_details.`);
    }
    return subscription;
  };

  const managedBySchedule = (subscription: Subscription) => {
    if (subscription.schedule) {
      throw invalid(
        `The subscription is managed by the subscription schedule \`${subscription.schedule}\`, ` +
          'and updating any cancelation behavior directly is not allowed.',
      );
    }
  };

  /** An upgrade: the unused part of the period credited, the new price for a new period. */
  function prorate(subscription: Subscription, price: Price, params: Params) {
    const at = now();
    const used = subscription.periodEnd - subscription.periodStart;
    const credit = Math.round(
      (subscription.price.unit_amount * (subscription.periodEnd - at)) / Math.max(used, 1),
    );
    const next = { price, periodStart: at, periodEnd: addInterval(at, price.interval) };
    const lines = [
      {
        amount: -credit,
        price: subscription.price,
        period: { start: at, end: subscription.periodEnd },
      },
      { amount: price.unit_amount, price, period: { start: at, end: next.periodEnd } },
    ];
    if (text(params, 'payment_behavior') === 'pending_if_incomplete') {
      subscription.pending = next;
      state.invoice(subscription, 'subscription_update', lines, false);
      return;
    }
    Object.assign(subscription, next);
    const invoice = state.invoice(subscription, 'subscription_update', lines, false);
    if (invoice.status !== 'paid') subscription.status = 'past_due';
  }

  function updateSubscription(params: Params, id: string) {
    const subscription = liveSubscription(id);
    const cancel = text(params, 'cancel_at_period_end');
    if (cancel !== undefined) {
      managedBySchedule(subscription);
      subscription.cancelAtPeriodEnd = cancel === 'true';
      subscription.canceledAt = cancel === 'true' ? now() : null;
    }
    const method = text(params, 'default_payment_method');
    if (method) subscription.defaultPaymentMethod = customersCard(subscription.customer, method);
    if (typeof params.billing_cycle_anchor === 'string') {
      throw invalid('billing_cycle_anchor must be an object with a type (API 2026-09-30 on).');
    }
    const anchor = text(nested(params, 'billing_cycle_anchor'), 'type');
    const [item] = listOf(params, 'items');
    if (item) {
      managedBySchedule(subscription);
      if (text(item, 'id') !== subscription.itemId) throw invalid('Unknown subscription item.');
      const price = priceOf(item);
      if (anchor === 'now' || text(params, 'proration_behavior') === 'always_invoice') {
        prorate(subscription, price, params);
      } else {
        subscription.price = price;
      }
    }
    state.emit('customer.subscription.updated', id);
    return renderSubscription(state, subscription, expandOf(params));
  }

  function createSubscription(params: Params) {
    const customer = required(params, 'customer');
    state.get(state.customers, customer);
    const [item] = listOf(params, 'items');
    if (!item) throw invalid('Missing required param: items.');
    const price = priceOf(item);
    const at = now();
    const method = text(params, 'default_payment_method');
    const subscription: Subscription = {
      id: newId('sub'),
      customer,
      status: 'incomplete',
      itemId: newId('si'),
      price,
      periodStart: at,
      periodEnd: addInterval(at, price.interval),
      cancelAtPeriodEnd: false,
      canceledAt: null,
      defaultPaymentMethod: method ? customersCard(customer, method) : null,
      latestInvoice: null,
      schedule: null,
      pending: null,
      metadata: nested(params, 'metadata') as Record<string, string>,
      created: at,
    };
    state.subscriptions.set(subscription.id, subscription);
    const invoice = state.invoice(
      subscription,
      'subscription_create',
      [{ amount: price.unit_amount, price, period: { start: at, end: subscription.periodEnd } }],
      false,
    );
    if (invoice.status !== 'paid' && text(params, 'payment_behavior') === 'error_if_incomplete') {
      state.subscriptions.delete(subscription.id);
      throw state.refusal(invoice.id);
    }
    return renderSubscription(state, subscription, expandOf(params));
  }

  function updateSchedule(params: Params, id: string) {
    const schedule = state.get(state.schedules, id);
    if (schedule.status !== 'active') throw invalid('The schedule was released.');
    const current = schedule.phases[0];
    let start = current?.start ?? now();
    schedule.phases = listOf(params, 'phases').map((phase, index) => {
      const given = Number(text(phase, 'start_date') ?? start);
      if (index === 0 && given !== current?.start) {
        throw invalid('You cannot change the start date of the current phase.');
      }
      const price = priceOf(listOf(phase, 'items')[0] ?? {});
      const duration = text(nested(phase, 'duration'), 'interval') as 'month' | 'year' | undefined;
      const endDate = text(phase, 'end_date');
      const end = endDate ? Number(endDate) : duration ? addInterval(given, duration) : null;
      start = end ?? given;
      return { start: given, end, price };
    });
    return renderSchedule(schedule);
  }

  return [
    { method: 'POST', path: /^\/v1\/subscriptions$/, handle: createSubscription },
    {
      method: 'GET',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (params, id) =>
        renderSubscription(state, state.get(state.subscriptions, id), expandOf(params)),
    },
    { method: 'POST', path: /^\/v1\/subscriptions\/([^/]+)$/, handle: updateSubscription },
    {
      method: 'DELETE',
      path: /^\/v1\/subscriptions\/([^/]+)$/,
      handle: (params, id) => {
        const subscription = liveSubscription(id);
        subscription.status = 'canceled';
        subscription.canceledAt = now();
        const schedule = subscription.schedule ? state.schedules.get(subscription.schedule) : null;
        if (schedule) schedule.status = 'released';
        subscription.schedule = null;
        state.emit('customer.subscription.deleted', id);
        return renderSubscription(state, subscription, expandOf(params));
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/subscription_schedules$/,
      handle: (params) => {
        const subscription = liveSubscription(required(params, 'from_subscription'));
        if (subscription.schedule) throw invalid('The subscription already has a schedule.');
        const schedule = {
          id: newId('sub_sched'),
          subscription: subscription.id,
          status: 'active' as const,
          phases: [
            {
              start: subscription.periodStart,
              end: subscription.periodEnd,
              price: subscription.price,
            },
          ],
        };
        state.schedules.set(schedule.id, schedule);
        subscription.schedule = schedule.id;
        return renderSchedule(schedule);
      },
    },
    { method: 'POST', path: /^\/v1\/subscription_schedules\/([^/]+)$/, handle: updateSchedule },
    {
      method: 'POST',
      path: /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
      handle: (_params, id) => {
        const schedule = state.get(state.schedules, id);
        if (schedule.status !== 'active') throw invalid('The schedule is not active.');
        schedule.status = 'released';
        state.get(state.subscriptions, schedule.subscription).schedule = null;
        return renderSchedule(schedule);
      },
    },
  ];
}
