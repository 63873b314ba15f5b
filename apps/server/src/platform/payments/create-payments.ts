import type { Config } from '../../config';
import type { Payments } from './payments';
import { createSandboxPayments } from './sandbox-payments';

/**
 * Stripe when STRIPE_* is set; the offline sandbox (the default) otherwise. Stripe's SDK is
 * loaded only then: it is a tenth of the server's start.
 */
export async function createPayments(config: Config, now: () => Date): Promise<Payments> {
  if (!config.stripe) return createSandboxPayments();
  const { createStripePayments } = await import('./stripe-payments');
  return createStripePayments(config.stripe, { now });
}
