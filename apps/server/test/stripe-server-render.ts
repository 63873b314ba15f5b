import type {
  Intent,
  Invoice,
  Price,
  Schedule,
  StripeState,
  Subscription,
} from './stripe-server-model';

// How the stand-in's objects leave its API: Stripe's JSON shapes at API 2026-10-28 (periods on
// subscription items; an invoice's PaymentIntent reached through `payments`), with `expand`.

/** The expansions below `field`: [] when the field itself is asked for, undefined if not. */
function below(expand: string[], field: string): string[] | undefined {
  const inner = expand.filter((path) => path.startsWith(`${field}.`));
  if (expand.includes(field) || inner.length > 0) {
    return inner.map((path) => path.slice(field.length + 1));
  }
  return undefined;
}

const list = (data: object[], url: string) => ({ object: 'list', data, has_more: false, url });

export function renderPrice(price: Price) {
  return {
    id: price.id,
    object: 'price',
    active: true,
    currency: price.currency,
    product: price.product,
    unit_amount: price.unit_amount,
    recurring: { interval: price.interval, interval_count: 1, usage_type: 'licensed' },
    tax_behavior: 'inclusive',
    type: 'recurring',
  };
}

export function renderIntent(intent: Intent) {
  return {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: intent.currency,
    status: intent.status,
    client_secret: intent.clientSecret,
    last_payment_error: intent.lastError,
    created: intent.created,
    livemode: false,
  };
}

export function renderInvoice(state: StripeState, invoice: Invoice, expand: string[] = []) {
  const payments = below(expand, 'payments');
  const intentExpanded = payments?.includes('data.payment.payment_intent') ?? false;
  const latest = invoice.intents.at(-1);
  const latestIntent = latest ? state.intents.get(latest) : undefined;
  const subscription = state.subscriptions.get(invoice.subscription);
  return {
    id: invoice.id,
    object: 'invoice',
    customer: invoice.customer,
    status: invoice.status,
    billing_reason: invoice.billingReason,
    collection_method: 'charge_automatically',
    currency: subscription?.price.currency ?? 'pln',
    amount_due: invoice.amountDue,
    amount_paid: invoice.amountPaid,
    amount_remaining: invoice.amountDue - invoice.amountPaid,
    total: invoice.amountDue,
    subtotal: invoice.amountDue,
    attempt_count: invoice.attemptCount,
    attempted: invoice.attemptCount > 0,
    next_payment_attempt: invoice.nextPaymentAttempt,
    created: invoice.created,
    period_start: invoice.created,
    period_end: invoice.created,
    livemode: false,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        subscription: invoice.subscription,
        metadata: subscription?.metadata ?? {},
      },
    },
    lines: list(
      invoice.lines.map((line) => ({
        id: line.id,
        object: 'line_item',
        amount: line.amount,
        currency: line.price.currency,
        period: line.period,
        quantity: 1,
        subscription: invoice.subscription,
        pricing: { type: 'price_details', price_details: { price: line.price.id } },
      })),
      `/v1/invoices/${invoice.id}/lines`,
    ),
    ...(below(expand, 'confirmation_secret') && {
      confirmation_secret: latestIntent
        ? { client_secret: latestIntent.clientSecret, type: 'payment_intent' }
        : null,
    }),
    ...(payments && {
      payments: list(
        invoice.intents.map((id, index) => {
          const intent = state.get(state.intents, id);
          return {
            id: `inpay_${id}`,
            object: 'invoice_payment',
            amount_requested: intent.amount,
            amount_paid: intent.status === 'succeeded' ? intent.amount : null,
            created: intent.created,
            currency: intent.currency,
            invoice: invoice.id,
            is_default: index === invoice.intents.length - 1,
            livemode: false,
            status: intent.status === 'succeeded' ? 'paid' : 'open',
            payment: {
              type: 'payment_intent',
              payment_intent: intentExpanded ? renderIntent(intent) : intent.id,
            },
          };
        }),
        '/v1/invoice_payments',
      ),
    }),
  };
}

export function renderSubscription(
  state: StripeState,
  subscription: Subscription,
  expand: string[] = [],
) {
  const invoiceExpansion = below(expand, 'latest_invoice');
  const invoice = subscription.latestInvoice
    ? state.get(state.invoices, subscription.latestInvoice)
    : undefined;
  const schedule = subscription.schedule ? state.schedules.get(subscription.schedule) : undefined;
  return {
    id: subscription.id,
    object: 'subscription',
    customer: subscription.customer,
    status: subscription.status,
    currency: subscription.price.currency,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    canceled_at: subscription.canceledAt,
    created: subscription.created,
    start_date: subscription.created,
    billing_cycle_anchor: subscription.periodStart,
    default_payment_method: subscription.defaultPaymentMethod,
    livemode: false,
    metadata: subscription.metadata,
    latest_invoice:
      invoice && invoiceExpansion
        ? renderInvoice(state, invoice, invoiceExpansion)
        : (invoice?.id ?? null),
    schedule:
      schedule && below(expand, 'schedule') ? renderSchedule(schedule) : (schedule?.id ?? null),
    pending_update: subscription.pending
      ? {
          billing_cycle_anchor: subscription.pending.periodStart,
          expires_at: subscription.created + 23 * 3600,
          subscription_items: [
            { id: subscription.itemId, price: renderPrice(subscription.pending.price) },
          ],
        }
      : null,
    items: list(
      [
        {
          id: subscription.itemId,
          object: 'subscription_item',
          price: renderPrice(subscription.price),
          quantity: 1,
          subscription: subscription.id,
          current_period_start: subscription.periodStart,
          current_period_end: subscription.periodEnd,
        },
      ],
      `/v1/subscription_items?subscription=${subscription.id}`,
    ),
  };
}

export function renderSchedule(schedule: Schedule) {
  const current = schedule.phases[0];
  return {
    id: schedule.id,
    object: 'subscription_schedule',
    subscription: schedule.subscription,
    status: schedule.status,
    end_behavior: 'release',
    current_phase: current ? { start_date: current.start, end_date: current.end } : null,
    phases: schedule.phases.map((phase) => ({
      start_date: phase.start,
      end_date: phase.end,
      items: [{ price: phase.price.id, quantity: 1 }],
    })),
  };
}
