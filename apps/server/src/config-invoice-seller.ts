import { normalizeNip, type PaymentMode } from '@themis/shared';

/** Who sells, as every invoice names them. */
export interface InvoiceSeller {
  name: string;
  address: string;
  /** Ten digits. */
  nip: string;
}

/**
 * Sample values, so that a development server issues invoices out of the box; each says it is
 * a sample, and production refuses them as it refuses a missing value.
 */
export const SAMPLE_INVOICE_SELLER: InvoiceSeller = {
  name: 'Sprzedawca przykładowy (sample seller) sp. z o.o.',
  address: 'ul. Przykładowa 1, 00-001 Warszawa (sample address)',
  nip: '1234563218',
};

const INVOICE_SELLER_VARIABLES = {
  name: 'INVOICE_SELLER_NAME',
  address: 'INVOICE_SELLER_ADDRESS',
  nip: 'INVOICE_SELLER_NIP',
} as const satisfies Record<keyof InvoiceSeller, string>;

type SellerEnv = Partial<Record<(typeof INVOICE_SELLER_VARIABLES)[keyof InvoiceSeller], string>>;

/**
 * The seller from INVOICE_SELLER_*, the samples filling what is unset. A production server
 * that takes payments issues real invoices: each variable must be set, and not to its sample.
 */
export function invoiceSellerOf(
  env: SellerEnv,
  options: { isProduction: boolean; payments: PaymentMode },
): { seller: InvoiceSeller; problems: string[] } {
  const seller: InvoiceSeller = {
    name: env.INVOICE_SELLER_NAME ?? SAMPLE_INVOICE_SELLER.name,
    address: env.INVOICE_SELLER_ADDRESS ?? SAMPLE_INVOICE_SELLER.address,
    nip: normalizeNip(env.INVOICE_SELLER_NIP ?? SAMPLE_INVOICE_SELLER.nip),
  };
  if (!options.isProduction || options.payments === 'off') return { seller, problems: [] };
  const problems = (Object.keys(INVOICE_SELLER_VARIABLES) as (keyof InvoiceSeller)[])
    .filter((field) => seller[field] === SAMPLE_INVOICE_SELLER[field])
    .map(
      (field) =>
        `${INVOICE_SELLER_VARIABLES[field]}: required when NODE_ENV is production and payments are on (invoices name the seller; the sample value is a placeholder)`,
    );
  return { seller, problems };
}
