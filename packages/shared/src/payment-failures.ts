/** The card codes of spec §8, and the bank refusing its authentication step. */
export type CardFailureCode =
  'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error' | 'incorrect_number';
export type PaymentFailureCode = CardFailureCode | 'authentication_failed';

// Stripe's codes (error codes and decline codes) that name one of ours.
const STRIPE_FAILURE_CODES: Record<string, PaymentFailureCode> = {
  card_declined: 'card_declined',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  processing_error: 'processing_error',
  incorrect_number: 'incorrect_number',
  invalid_number: 'incorrect_number',
  authentication_required: 'authentication_failed',
  payment_intent_authentication_failure: 'authentication_failed',
  setup_intent_authentication_failure: 'authentication_failed',
};

/**
 * Stripe's refusal as one of our codes, read the same on the server (the SDK's errors) and in
 * the browser (Stripe.js): the decline code when it names one of ours, else the error code;
 * undefined when neither does.
 */
export function stripeFailureCode(
  code: string | null | undefined,
  declineCode: string | null | undefined,
): PaymentFailureCode | undefined {
  const byDecline = declineCode ? STRIPE_FAILURE_CODES[declineCode] : undefined;
  if (code === 'card_declined' && byDecline) return byDecline;
  return code ? STRIPE_FAILURE_CODES[code] : undefined;
}
