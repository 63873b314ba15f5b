import { z } from 'zod';
import {
  CODE_LENGTH,
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_CHECKS,
  PASSWORD_LENGTH,
  PHONE_DIGITS,
} from './rules';

/**
 * Validation rules of spec §5, used by the web forms and by the server. Messages are
 * translation keys of the web app's `validation` namespace.
 */

/**
 * The generic message for a text over `max` characters (spec §5 'String must contain at most
 * N character(s)'): the key with its number, which the web app passes to the translation.
 */
export const tooLong = (max: number) => `validation.tooLong:${max}`;

export const ZEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'));

/** The account password: 8–50 characters, lower and upper case, a digit or special character. */
export const ZAccountPassword = z
  .string()
  .min(PASSWORD_LENGTH.min, 'validation.passwordMin')
  .max(PASSWORD_LENGTH.max, 'validation.passwordMax')
  .refine(PASSWORD_CHECKS['validation.passwordCase'], 'validation.passwordCase')
  .refine(PASSWORD_CHECKS['validation.passwordDigitOrSpecial'], 'validation.passwordDigitOrSpecial')
  .refine(PASSWORD_CHECKS['validation.passwordCharacters'], 'validation.passwordCharacters');

/** A password typed to sign in or confirm: only its presence is checked. */
export const ZPasswordInput = z
  .string()
  .min(1, 'validation.required')
  .max(200, 'validation.required');

export const ZVerificationCode = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), 'validation.codeLength');

export const ZPersonName = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(NAME_MAX, 'validation.nameMax');

/** What people put between a phone number's digits: spaces, hyphens, dots, brackets. */
const PHONE_SEPARATORS = /[\s\u00a0\-.()/]/g;

/**
 * Empty, or 9 to 12 digits (spec §5), typed with the usual separators ("600 100 200",
 * "600-100-200") and stored as the digits alone, after a + when it starts with one.
 */
export const ZPhoneNumber = z
  .string()
  .trim()
  .transform((value) => value.replace(PHONE_SEPARATORS, ''))
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^(\\+?\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}})?$`),
        'validation.phoneInvalid',
      ),
  );

/**
 * A number typed with the country code of its own area code ("+48 600 100 200" beside +48)
 * loses the code, which the area code already says.
 */
export function withoutOwnAreaCode<T extends { phone_prefix?: string; phone_number?: string }>(
  details: T,
): T {
  const { phone_prefix: prefix, phone_number: number } = details;
  const code = `+${(prefix ?? '').replace(/\D/g, '')}`;
  if (!number || code === '+' || !number.startsWith(code)) return details;
  return { ...details, phone_number: number.slice(code.length) };
}

export const ZPhonePrefix = z
  .string()
  .trim()
  .regex(/^(\+\d{1,4}(-\d{1,4})?)?$/, 'validation.areaCodeInvalid');
