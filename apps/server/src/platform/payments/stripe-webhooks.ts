import type Stripe from 'stripe';
import type { StripeWebhookEvent } from './payments';
import { webhookEventOf } from './stripe-mapping';

const WEBHOOK_TOLERANCE_S = 300;

/**
 * The event, once its signature is verified (and no older than the tolerance by `now`, the
 * app's clock); null when it is not.
 */
export function verifyStripeWebhook(
  stripe: Stripe,
  request: { rawBody: Buffer; signature: string | undefined; secret: string; now: () => Date },
): StripeWebhookEvent | null {
  if (!request.signature) return null;
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      request.rawBody,
      request.signature,
      request.secret,
      WEBHOOK_TOLERANCE_S,
      undefined,
      request.now().getTime(),
    );
  } catch {
    return null;
  }
  return webhookEventOf(event);
}
