import type { StripeError } from '@stripe/stripe-js';
import { describe, expect, it } from 'vitest';
import { failureOf } from './stripe-handle';

const stripeError = (fields: Partial<StripeError>): StripeError =>
  ({ type: 'card_error', message: 'Stripe says no.', ...fields }) as StripeError;

describe('failureOf', () => {
  it('reads a generic decline as card_declined, so the translated message shows', () => {
    expect(
      failureOf(stripeError({ code: 'card_declined', decline_code: 'generic_decline' })),
    ).toEqual({ code: 'card_declined', message: 'Stripe says no.' });
  });

  it('takes the decline code when it names one of ours', () => {
    expect(
      failureOf(stripeError({ code: 'card_declined', decline_code: 'expired_card' })).code,
    ).toBe('expired_card');
  });

  it('reads a failed 3-D Secure step as authentication_failed', () => {
    const error = stripeError({
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
    });
    expect(failureOf(error).code).toBe('authentication_failed');
  });

  it("keeps Stripe's code and message for what is not a refusal of the card", () => {
    const error = stripeError({ type: 'validation_error', code: 'incomplete_cvc' });
    expect(failureOf(error)).toEqual({ code: 'incomplete_cvc', message: 'Stripe says no.' });
  });
});
