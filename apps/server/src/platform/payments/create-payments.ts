import type { Config } from '../../config';
import type { Payments } from './payments';
import { createSandboxPayments } from './sandbox-payments';

/** Stripe when STRIPE_* is set; the offline sandbox (the default) otherwise. */
export function createPayments(config: Config): Payments {
  if (config.stripe) {
    throw new Error('STRIPE_* is set, but card payments through Stripe are not built yet');
  }
  return createSandboxPayments();
}
