import type { Language } from '@themis/shared';

/** A token count with the language's digit grouping, e.g. 1,000,000 or 1 000 000. */
export function formatTokens(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}

/** An amount given in the currency's minor units (grosze), e.g. PLN 99.00 or 99,00 zł. */
export function formatMoney(minor: number, currency: string, language: Language): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(minor / 100);
}

/** Shared with the server's invoices. */
export { cardBrand } from '@themis/shared';
