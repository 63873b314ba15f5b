import type { StripeConfig } from '../../config';
import type { StripePayments } from './payments';
import { createStripeClient } from './stripe-client';
import { stripeCustomerCalls } from './stripe-customers';
import { stripePaymentCalls } from './stripe-invoices';
import { stripeSubscriptionChange } from './stripe-subscription-changes';
import { stripeSubscriptionCalls } from './stripe-subscriptions';
import { verifyStripeWebhook } from './stripe-webhooks';

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
  return {
    kind: 'stripe',
    ...stripeCustomerCalls(stripe),
    ...stripeSubscriptionCalls(stripe),
    ...stripeSubscriptionChange(stripe),
    ...stripePaymentCalls(stripe),
    verifyWebhook: (rawBody, signature) =>
      verifyStripeWebhook(stripe, {
        rawBody,
        signature,
        secret: config.webhookSecret,
        now: options.now,
      }),
  };
}
