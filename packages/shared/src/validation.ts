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

/** Empty, or 9 to 12 digits. */
export const ZPhoneNumber = z
  .string()
  .trim()
  .regex(
    new RegExp(`^(\\d{${PHONE_DIGITS.min},${PHONE_DIGITS.max}})?$`),
    'validation.phoneInvalid',
  );

export const ZPhonePrefix = z
  .string()
  .trim()
  .regex(/^(\+\d{1,4}(-\d{1,4})?)?$/, 'validation.areaCodeInvalid');
