import type { Language } from '@themis/shared';

/** A token count with the language's digit grouping, e.g. 1,000,000 or 1 000 000. */
export function formatTokens(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}

/** A price given in the currency's minor units (cents, grosze). */
export function formatPrice(cents: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}
