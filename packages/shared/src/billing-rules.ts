import { z } from 'zod';
import { COUNTRY_DIAL_CODES } from './countries';
import { NAME_MAX } from './rules';
import { tooLong, ZEmail, ZPersonName, ZPhoneNumber } from './validation';

/** Polish VAT on every price (the seller is Polish; spec §3 amounts shown net and gross). */
export const VAT_RATE_PERCENT = 23;
export const BILLING_CURRENCY = 'PLN';
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** An amount in minor units (grosze): net, the VAT on it, and their sum. */
export const ZPrice = z
  .object({ net: z.number().int(), vat: z.number().int(), gross: z.number().int() })
  .meta({ id: 'Price' });
export type Price = z.infer<typeof ZPrice>;

/** VAT rounded half up to the grosz, as on a Polish invoice. Amounts are never negative. */
export function priceOf(net: number): Price {
  if (!Number.isSafeInteger(net) || net < 0) throw new RangeError(`bad net amount ${net}`);
  const vat = Math.floor((net * VAT_RATE_PERCENT + 50) / 100);
  return { net, vat, gross: net + vat };
}

/** A card's brand as printed on it: Stripe gives 'visa', 'mastercard', 'amex'. */
export function cardBrand(brand: string): string {
  if (brand.toLowerCase() === 'amex') return 'American Express';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** Polish tax id: ten digits, the last the weighted sum of the others mod 11 (never 10). */
export function normalizeNip(input: string): string {
  return input.replace(/^PL/i, '').replace(/[\s-]/g, '');
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];
export function isValidNip(input: string): boolean {
  const nip = normalizeNip(input);
  if (!/^\d{10}$/.test(nip)) return false;
  const digits = [...nip].map(Number);
  const sum = NIP_WEIGHTS.reduce((total, weight, i) => total + weight * (digits[i] ?? 0), 0);
  const check = sum % 11;
  return check !== 10 && check === digits[9];
}

export const POLISH_ZIP_CODE = /^\d{2}-\d{3}$/;
const KNOWN_COUNTRIES = new Set(COUNTRY_DIAL_CODES.map(([short]) => short));
export const BILLING_TEXT_MAX = 100;
export const BILLING_ADDRESS_MAX = 200;

const ZBillingText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .max(max, tooLong(max))
    .refine((value) => !/[\p{Cc}]/u.test(value), 'validation.invalidCharacters');

/**
 * Billing details (spec §3): who pays, as the receipt names them. Country is an ISO 3166
 * code; the zip code follows 00-000 for Poland; NIP, when given, must pass its checksum and
 * makes the buyer a company on the receipt.
 */
export const ZBillingDetailsFields = z
  .object({
    country: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => KNOWN_COUNTRIES.has(value), 'validation.countryInvalid'),
    city: ZBillingText(BILLING_TEXT_MAX).refine(
      (value) => /^[\p{L}\p{M} .'-]+$/u.test(value),
      'validation.cityInvalid',
    ),
    zip_code: z.string().trim().min(1, 'validation.required').max(10, 'validation.zipCodeInvalid'),
    address: ZBillingText(BILLING_ADDRESS_MAX),
    phone: ZPhoneNumber.refine((value) => value !== '', 'validation.required'),
    email: ZEmail,
    first_name: ZPersonName,
    last_name: ZPersonName,
    company_name: z
      .string()
      .trim()
      .max(BILLING_ADDRESS_MAX, tooLong(BILLING_ADDRESS_MAX))
      .default(''),
    nip: z
      .string()
      .trim()
      .max(20, 'validation.nipInvalid')
      .default('')
      .refine((value) => value === '' || isValidNip(value), 'validation.nipInvalid')
      .transform((value) => (value === '' ? '' : normalizeNip(value))),
  })
  .superRefine((value, ctx) => {
    const zipOk =
      value.country === 'PL'
        ? POLISH_ZIP_CODE.test(value.zip_code)
        : /^[\p{L}\d][\p{L}\d -]{1,9}$/u.test(value.zip_code);
    if (!zipOk)
      ctx.addIssue({ code: 'custom', path: ['zip_code'], message: 'validation.zipCodeInvalid' });
    if (value.nip !== '' && value.company_name === '') {
      ctx.addIssue({ code: 'custom', path: ['company_name'], message: 'validation.required' });
    }
  });
export type BillingDetailsFields = z.input<typeof ZBillingDetailsFields>;

export const BILLING_NAME_MAX = NAME_MAX;

/**
 * The offline sandbox's cards: Stripe's documented test numbers with the same outcomes.
 * `charge_fails` is accepted when saved and declined when charged later (a renewal).
 */
export const SANDBOX_TEST_CARDS = [
  { number: '4242424242424242', outcome: 'succeeds' },
  { number: '4000002500003155', outcome: 'authentication_required' },
  { number: '4000000000000002', outcome: 'card_declined' },
  { number: '4000000000000069', outcome: 'expired_card' },
  { number: '4000000000000127', outcome: 'incorrect_cvc' },
  { number: '4000000000000119', outcome: 'processing_error' },
  { number: '4000000000000341', outcome: 'charge_fails' },
] as const;

/** The Luhn check every card number passes (a failure is incorrect_number). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const CANCEL_REASONS = [
  'too_expensive',
  'not_using',
  'missing_features',
  'switching_service',
  'other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export const CANCEL_COMMENT_MAX = 1000;
