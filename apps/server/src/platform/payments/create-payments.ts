import type { Config } from '../../config';
import type { Payments } from './payments';
import { createSandboxPayments } from './sandbox-payments';
import { createStripePayments } from './stripe-payments';

/** Stripe when STRIPE_* is set; the offline sandbox (the default) otherwise. */
export function createPayments(config: Config, now: () => Date): Payments {
  if (config.stripe) return createStripePayments(config.stripe, { now });
  return createSandboxPayments();
}
