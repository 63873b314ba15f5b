import type { StripeError } from '@stripe/stripe-js';
import { stripeFailureCode } from '@themis/shared';

/** What Stripe said when it refused: its code (a decline code first) and its own message. */
export interface StripeFailure {
  code?: string;
  message?: string;
}

/**
 * The payment flow's view of Stripe.js, given by the lazily loaded Elements so that the rest
 * of the page never loads Stripe.
 */
export interface StripeHandle {
  /** Confirms the card typed into Elements with a SetupIntent: its payment method id. */
  confirmSetup(
    clientSecret: string,
  ): Promise<{ paymentMethodId: string } | { error: StripeFailure }>;
  /** Runs the bank's authentication of a payment (3-D Secure). */
  confirmPayment(clientSecret: string): Promise<{ error?: StripeFailure }>;
}

/** A card's refusal reads as the sandbox's does; anything else keeps Stripe's own message. */
export const failureOf = (error: StripeError): StripeFailure => ({
  code:
    stripeFailureCode(error.code, error.decline_code) ??
    (error.type === 'card_error' ? 'card_declined' : error.code),
  message: error.message,
});
