/**
 * Limits and kinds shared by the web app and the server, free of zod so a page can use
 * them without loading the schemas (validation.ts and auth.ts build the schemas on them).
 */
export const PASSWORD_LENGTH = { min: 8, max: 50 } as const;
export const CREDENTIAL_PASSWORD_LENGTH = { min: 6, max: 32 } as const;
export const CODE_LENGTH = 6;
export const ENCRYPTION_PIN_LENGTH = 6;
/** Wrong PINs or passwords before unlocking waits, then 1, 2, 4… minutes up to a day. */
export const UNLOCK_RULES = {
  freeAttempts: 5,
  firstBlockMs: 60_000,
  maxBlockMs: 24 * 60 * 60_000,
} as const;
export const NAME_MAX = 50;
export const PHONE_DIGITS = { min: 9, max: 12 } as const;
export const EMAIL_MAX = 254;
export const PERMITTED_SPECIAL_CHARACTERS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const isSpecial = (char: string) => PERMITTED_SPECIAL_CHARACTERS.includes(char);

/**
 * The account password's rules past its length, each under its message key (spec §5): the
 * shared schema applies them, and the web form's checklist reads them without loading zod.
 */
export const PASSWORD_CHECKS = {
  'validation.passwordCase': (value: string) => /\p{Ll}/u.test(value) && /\p{Lu}/u.test(value),
  'validation.passwordDigitOrSpecial': (value: string) =>
    /\d/.test(value) || [...value].some(isSpecial),
  'validation.passwordCharacters': (value: string) =>
    [...value].every((char) => /[\p{L}\d]/u.test(char) || isSpecial(char)),
} as const;

/** The message keys of the rules `value` breaks, as the schema would report them. */
export function brokenPasswordRules(value: string): Set<string> {
  const broken = new Set<string>();
  if (value.length < PASSWORD_LENGTH.min) broken.add('validation.passwordMin');
  if (value.length > PASSWORD_LENGTH.max) broken.add('validation.passwordMax');
  for (const [message, check] of Object.entries(PASSWORD_CHECKS)) {
    if (!check(value)) broken.add(message);
  }
  return broken;
}

export const CONFIRMATION_KINDS = [
  'USER_ACTIVATION',
  'ORGANIZATION_OWNERSHIP_TRANSFER',
  'USER_PASSWORD_CHANGE',
  'USER_DELETE',
  'USER_AUTHENTICATION',
  'ORGANIZATION_DELETE',
] as const;
export type ConfirmationKind = (typeof CONFIRMATION_KINDS)[number];

/** Verification codes: valid 15 minutes, 5 attempts, a new one at most once a minute. */
export const CODE_RULES = { ttlMs: 15 * 60_000, maxAttempts: 5, resendCooldownMs: 60_000 } as const;
export const RESET_LINK_TTL_MS = 60 * 60_000;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const TRUSTED_DEVICE_TTL_S = 90 * 24 * 60 * 60;

export const FEEDBACK_TYPES = ['error', 'info', 'opinion'] as const;
export const DEFAULT_FEEDBACK_TYPE = 'info';
export const FEEDBACK_MESSAGE_MAX = 5000;

/** Profile pictures (spec §5): png or jpeg, checked by content, at most 5 MB. */
export const IMAGE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
/** The stored picture: a square this many pixels wide. */
export const AVATAR_SIZE_PX = 256;

/** External sign-in providers Themis can use; the connected-services list knows more. */
export const SIGN_IN_PROVIDERS = ['google'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];
/** Set in localStorage after a provider was disconnected, read once by the login page. */
export const DISCONNECT_SUCCESS_STORAGE_KEY = 'disconnectSuccess';

/** Organization roles, highest first; a new member is an observer unless chosen otherwise. */
export const ORGANIZATION_ROLES = ['OWNER', 'ADMIN', 'MEMBER', 'OBSERVER'] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];
export const DEFAULT_INVITATION_ROLE = 'OBSERVER';
export const ORGANIZATION_NAME_LENGTH = { min: 2, max: 50 } as const;
/** Addresses one invitation request may hold. */
export const INVITATION_EMAILS_MAX = 50;
/** Rows per page of an organization's co-workers and invitations lists, by default and at most. */
export const ORGANIZATION_LIST_PAGE_SIZE = 50;
export const ORGANIZATION_LIST_PAGE_MAX = 200;
/** An invitation is good for this long after it was last sent. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60_000;
/** A deleted organization is purged, unrecoverable, this long after deletion. */
export const ORGANIZATION_PURGE_AFTER_MS = 30 * 24 * 60 * 60_000;
/** The plan an organization has until it buys one. */
export const DEFAULT_ORGANIZATION_PLAN_CODE = 'organization_free';
