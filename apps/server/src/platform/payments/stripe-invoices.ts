import type Stripe from 'stripe';
import type { ChargeResult, StripePayments, StripeSubscriptionState } from './payments';
import {
  cardErrorCode,
  chargeOfIntent,
  idOf,
  latestIntentOf,
  subscriptionFacts,
} from './stripe-mapping';

const INVOICE_EXPANSION = ['payments.data.payment.payment_intent', 'confirmation_secret'];

type PaymentCalls = Pick<StripePayments, 'retryOpenInvoice' | 'retrievePayment' | 'abandonPayment'>;

/** The payment of an invoice: paid, waiting for the bank's step, or refused. */
async function chargeOfInvoice(stripe: Stripe, invoiceId: string): Promise<ChargeResult> {
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: INVOICE_EXPANSION });
  if (invoice.status === 'paid') return { status: 'succeeded', ref: invoice.id };
  const intent = latestIntentOf(invoice);
  if (!intent) return { status: 'failed', ref: invoice.id, code: 'processing_error' };
  return chargeOfIntent(intent, invoice.id, invoice.confirmation_secret?.client_secret ?? null);
}

/** A subscription a call made or changed, with what the bank said of the invoice it made. */
export async function subscriptionStateOf(
  stripe: Stripe,
  subscription: Stripe.Subscription,
): Promise<StripeSubscriptionState> {
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
        : await chargeOfInvoice(stripe, invoiceId),
  };
}

/** Our payments as Stripe's invoices (or PaymentIntents): read, charged again, given up. */
export function stripePaymentCalls(stripe: Stripe): PaymentCalls {
  return {
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
      return chargeOfInvoice(stripe, paymentRef);
    },

    async abandonPayment(paymentRef) {
      if (!paymentRef.startsWith('in_')) return;
      const invoice = await stripe.invoices.retrieve(paymentRef);
      if (invoice.status === 'open') await stripe.invoices.voidInvoice(paymentRef);
    },
  };
}
