import { describe, expect, it } from 'vitest';
import { stripeFailureCode } from './payment-failures';

describe('stripeFailureCode', () => {
  it.each([
    ['card_declined', 'generic_decline', 'card_declined'],
    ['card_declined', 'insufficient_funds', 'card_declined'],
    ['card_declined', 'expired_card', 'expired_card'],
    ['card_declined', 'incorrect_cvc', 'incorrect_cvc'],
    ['expired_card', null, 'expired_card'],
    ['incorrect_cvc', undefined, 'incorrect_cvc'],
    ['invalid_number', null, 'incorrect_number'],
    ['processing_error', null, 'processing_error'],
    ['payment_intent_authentication_failure', null, 'authentication_failed'],
  ] as const)('reads %s (decline %s) as %s', (code, decline, expected) => {
    expect(stripeFailureCode(code, decline)).toBe(expected);
  });

  it('names none of ours for what is not a refusal of the card', () => {
    expect(stripeFailureCode('incomplete_number', null)).toBeUndefined();
    expect(stripeFailureCode('rate_limit', 'expired_card')).toBeUndefined();
    expect(stripeFailureCode(null, null)).toBeUndefined();
  });
});
