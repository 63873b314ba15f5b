import { SHARE_EXPIRY_CHOICES, SHARE_EXPIRY_DEFAULT, type SharedLink } from '@themis/shared';

export type ShareExpiry = (typeof SHARE_EXPIRY_CHOICES)[number];

const DAY_MS = 86_400_000;
const NAMES_BY_DAYS: Record<number, string> = { 1: 'day', 7: 'week', 30: 'month' };

/** The `sharing` key naming an expiry choice. */
export function expiryLabelKey(expiry: ShareExpiry): string {
  const name = expiry === null ? 'never' : (NAMES_BY_DAYS[expiry / DAY_MS] ?? 'never');
  return `dialog.expiryChoices.${name}`;
}

/** Radio values are strings: 'never' stands for null. */
export const expiryValue = (expiry: ShareExpiry) => (expiry === null ? 'never' : String(expiry));

export const parseExpiry = (value: string): ShareExpiry =>
  SHARE_EXPIRY_CHOICES.find((choice) => expiryValue(choice) === value) ?? null;

/**
 * The expiry a link was last shared with (it expires that long after it was shared), so
 * enabling it again offers the same; the default when that is none of the choices.
 */
export function lastExpiry(link: Pick<SharedLink, 'shared_at' | 'expired_at'>): ShareExpiry {
  if (link.expired_at === null) return null;
  const lasted = Date.parse(link.expired_at) - Date.parse(link.shared_at);
  return SHARE_EXPIRY_CHOICES.find((choice) => choice === lasted) ?? SHARE_EXPIRY_DEFAULT;
}
