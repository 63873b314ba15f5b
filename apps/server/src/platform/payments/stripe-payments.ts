import Stripe from 'stripe';
import type { BillingPeriod } from '@themis/shared';
import type { StripeConfig } from '../../config';
import {
  PaymentRefusedError,
  type CardSaveResult,
  type ChargeResult,
  type StripePayments,
  type StripeSubscriptionState,
} from './payments';
import {
  cardErrorCode,
  chargeOfIntent,
  idOf,
  isInvalidRequest,
  latestIntentOf,
  PAYMENT_ID_KEY,
  subscriptionFacts,
  webhookEventOf,
} from './stripe-mapping';

/**
 * The API version this SDK's types describe (periods on subscription items, invoices paid
 * through `payments`). A new SDK with another version fails the type check here.
 */
const API_VERSION = '2026-10-28.endive';
/** A user waits on most calls: a stalled Stripe is given up rather than held open. */
const TIMEOUT_MS = 20_000;
/** Retried with the same idempotency key, so a retry never charges twice. */
const NETWORK_RETRIES = 2;
const WEBHOOK_TOLERANCE_S = 300;

const INTERVALS = { monthly: 'month', yearly: 'year' } as const;
const INVOICE_EXPANSION = ['payments.data.payment.payment_intent', 'confirmation_secret'];

/** The client, at STRIPE_API_URL when set (a local stand-in), else Stripe's own API. */
export function createStripeClient(config: StripeConfig): Stripe {
  const url = config.apiUrl;
  const https = url?.protocol === 'https:';
  return new Stripe(config.secretKey, {
    apiVersion: API_VERSION,
    timeout: TIMEOUT_MS,
    maxNetworkRetries: NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'Themis' },
    ...(url && {
      host: url.hostname,
      port: url.port || (https ? 443 : 80),
      protocol: https ? 'https' : 'http',
    }),
  });
}

/** Our prices are gross (VAT included), in the currency's minor units. */
function recurringPrice(request: {
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

/**
 * Card payments through Stripe: customers, SetupIntents for saving cards, subscriptions
 * that Stripe renews, and signed webhooks. `now` is the app's clock, which also judges a
 * webhook signature's age.
 */
export function createStripePayments(
  config: StripeConfig,
  options: { now: () => Date },
): StripePayments {
  const stripe = createStripeClient(config);

  /** The payment of an invoice: paid, waiting for the bank's step, or refused. */
  async function chargeOfInvoice(invoiceId: string): Promise<ChargeResult> {
    const invoice = await stripe.invoices.retrieve(invoiceId, { expand: INVOICE_EXPANSION });
    if (invoice.status === 'paid') return { status: 'succeeded', ref: invoice.id };
    const intent = latestIntentOf(invoice);
    if (!intent) return { status: 'failed', ref: invoice.id, code: 'processing_error' };
    return chargeOfIntent(intent, invoice.id, invoice.confirmation_secret?.client_secret ?? null);
  }

  async function stateOf(subscription: Stripe.Subscription): Promise<StripeSubscriptionState> {
    const invoice = subscription.latest_invoice;
    const invoiceId = idOf(invoice);
    const paid = typeof invoice === 'object' && invoice?.status === 'paid';
    return {
      ...subscriptionFacts(subscription),
      invoiceId,
      amountGross: typeof invoice === 'object' && invoice ? invoice.amount_due : null,
      payment: !invoiceId
        ? null
        : paid
          ? { status: 'succeeded', ref: invoiceId }
          : await chargeOfInvoice(invoiceId),
    };
  }

  /** A waiting price change (a schedule) goes: what follows is decided anew. */
  async function releaseSchedule(subscription: Stripe.Subscription) {
    const scheduleId = idOf(subscription.schedule);
    if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId);
  }

  /** Card errors become refusals; anything else (Stripe unreachable) is thrown on. */
  async function refusingCards<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const code = cardErrorCode(error);
      if (code) throw new PaymentRefusedError(code);
      throw error;
    }
  }

  return {
    kind: 'stripe',

    async ensureCustomer(account) {
      const customer = await stripe.customers.create(
        {
          ...(account.email && { email: account.email }),
          name: account.name,
          metadata: { account_id: account.id },
        },
        { idempotencyKey: account.id },
      );
      return customer.id;
    },

    async updateCustomer(customerRef, { email, name, phone, address }) {
      await stripe.customers.update(customerRef, {
        email,
        name,
        phone,
        address: {
          country: address.country,
          city: address.city,
          postal_code: address.postalCode,
          line1: address.line1,
        },
      });
    },

    async createSetupIntent(customerRef) {
      const intent = await stripe.setupIntents.create({
        customer: customerRef,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      if (!intent.client_secret) throw new Error('Stripe gave a SetupIntent without its secret');
      return { clientSecret: intent.client_secret };
    },

    async attachCard(customerRef, paymentMethodId): Promise<CardSaveResult> {
      try {
        let method = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = idOf(method.customer);
        // Another customer's card is not this account's to use.
        if (owner && owner !== customerRef) return { ok: false, code: 'card_declined' };
        if (!owner) {
          method = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerRef });
        }
        if (method.type !== 'card' || !method.card) return { ok: false, code: 'card_declined' };
        await stripe.customers.update(customerRef, {
          invoice_settings: { default_payment_method: method.id },
        });
        const { brand, last4, exp_month: expMonth, exp_year: expYear } = method.card;
        return { ok: true, card: { ref: method.id, brand, last4, expMonth, expYear } };
      } catch (error) {
        const code = cardErrorCode(error);
        if (code)
          return { ok: false, code: code === 'authentication_failed' ? 'card_declined' : code };
        if (isInvalidRequest(error)) return { ok: false, code: 'card_declined' };
        throw error;
      }
    },

    async detachCard(cardRef) {
      try {
        await stripe.paymentMethods.detach(cardRef);
      } catch (error) {
        // Detached already (or never attached): nothing left to do.
        if (!isInvalidRequest(error)) throw error;
      }
    },

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
      return stateOf(subscription);
    },

    async changeSubscription(request) {
      const current = await stripe.subscriptions.retrieve(request.subscriptionRef);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${current.id} has no item`);
      await releaseSchedule(current);
      if (request.now) {
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
        return stateOf(upgraded);
      }
      const facts = subscriptionFacts(current);
      const noPayment = { ...facts, payment: null, invoiceId: null, amountGross: null };
      const wanted = recurringPrice(request);
      const unchanged =
        item.price.unit_amount === wanted.unit_amount &&
        item.price.recurring?.interval === wanted.recurring.interval &&
        idOf(item.price.product) === wanted.product;
      if (unchanged) return noPayment;
      // Renewing at a new price: a cancellation is withdrawn (a schedule would end with it).
      if (current.cancel_at_period_end) {
        await stripe.subscriptions.update(current.id, { cancel_at_period_end: false });
      }
      // A schedule: the current price to the period end, then the new one. A plain price
      // change would reset the cycle (and charge) whenever the interval changes.
      const schedule = await stripe.subscriptionSchedules.create(
        { from_subscription: current.id },
        { idempotencyKey: `schedule-${request.idempotencyKey}` },
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
      return noPayment;
    },

    async retrieveSubscription(subscriptionRef) {
      return subscriptionFacts(await stripe.subscriptions.retrieve(subscriptionRef));
    },

    async setCancelAtPeriodEnd(subscriptionRef, cancel) {
      if (cancel) await releaseSchedule(await stripe.subscriptions.retrieve(subscriptionRef));
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

    async retryOpenInvoice(subscriptionRef) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionRef, {
        expand: ['latest_invoice'],
      });
      const invoice = subscription.latest_invoice;
      if (typeof invoice !== 'object' || invoice?.status !== 'open') return;
      try {
        await stripe.invoices.pay(invoice.id);
      } catch (error) {
        // Refused again: Stripe reports it by webhook, as any failed attempt.
        if (!cardErrorCode(error)) throw error;
      }
    },

    async retrievePayment(paymentRef) {
      if (paymentRef.startsWith('pi_')) {
        return chargeOfIntent(await stripe.paymentIntents.retrieve(paymentRef), paymentRef, null);
      }
      return chargeOfInvoice(paymentRef);
    },

    async abandonPayment(paymentRef) {
      if (!paymentRef.startsWith('in_')) return;
      const invoice = await stripe.invoices.retrieve(paymentRef);
      if (invoice.status === 'open') await stripe.invoices.voidInvoice(paymentRef);
    },

    async ensureProduct(plan) {
      if (plan.productRef) return plan.productRef;
      const product = await stripe.products.create(
        { name: plan.name, metadata: { plan_id: plan.id } },
        { idempotencyKey: `product-${plan.id}` },
      );
      return product.id;
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature,
          config.webhookSecret,
          WEBHOOK_TOLERANCE_S,
          undefined,
          options.now().getTime(),
        );
      } catch {
        return null;
      }
      return webhookEventOf(event);
    },
  };
}
