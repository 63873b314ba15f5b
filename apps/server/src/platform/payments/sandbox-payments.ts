import { randomBytes } from 'node:crypto';
import { passesLuhn, SANDBOX_TEST_CARDS } from '@themis/shared';
import type { CardFailureCode, CardSaveResult, ChargeResult, SandboxPayments } from './payments';

type Behaviour = 'succeeds' | 'authentication_required' | 'charge_fails';
const SAVE_FAILURES = new Set<string>([
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
]);

const token = () => randomBytes(12).toString('hex');

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/** The card's behaviour travels in its reference, so the sandbox keeps no state. */
function behaviourOf(cardRef: string): Behaviour | undefined {
  const match = /^card_sandbox_(succeeds|authentication_required|charge_fails)_[0-9a-f]+$/.exec(
    cardRef,
  );
  return match?.[1] as Behaviour | undefined;
}

export function createSandboxPayments(): SandboxPayments {
  return {
    kind: 'sandbox',
    saveCard(fields, now): CardSaveResult {
      const { number, expMonth, expYear } = fields;
      if (!passesLuhn(number)) return { ok: false, code: 'incorrect_number' };
      const known = SANDBOX_TEST_CARDS.find((card) => card.number === number);
      // As in Stripe's test mode, a real card number is declined.
      if (!known) return { ok: false, code: 'card_declined' };
      if (SAVE_FAILURES.has(known.outcome)) {
        return { ok: false, code: known.outcome as CardFailureCode };
      }
      const endOfExpiryMonth = Date.UTC(expYear, expMonth, 1);
      if (endOfExpiryMonth <= now.getTime()) return { ok: false, code: 'expired_card' };
      return {
        ok: true,
        card: {
          ref: `card_sandbox_${known.outcome}_${token()}`,
          brand: brandOf(number),
          last4: number.slice(-4),
          expMonth,
          expYear,
        },
      };
    },
    async charge(request): Promise<ChargeResult> {
      const ref = `pay_sandbox_${token()}`;
      switch (behaviourOf(request.cardRef)) {
        case 'succeeds':
          return { status: 'succeeded', ref };
        // Stripe's 3155 card: authenticated when paying by hand, not again for renewals.
        case 'authentication_required':
          return request.offSession
            ? { status: 'succeeded', ref }
            : { status: 'requires_action', ref, clientSecret: null };
        case 'charge_fails':
          return { status: 'failed', ref, code: 'card_declined' };
        default:
          return { status: 'failed', ref: null, code: 'processing_error' };
      }
    },
    authenticate(paymentRef, outcome): ChargeResult {
      return outcome === 'complete'
        ? { status: 'succeeded', ref: paymentRef }
        : { status: 'failed', ref: paymentRef, code: 'authentication_failed' };
    },
  };
}
