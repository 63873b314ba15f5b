import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

/**
 * The API version this SDK's types describe (periods on subscription items, invoices paid
 * through `payments`). A new SDK with another version fails the type check here.
 */
const API_VERSION = '2026-10-28.endive';
/** A user waits on most calls: a stalled Stripe is given up rather than held open. */
const TIMEOUT_MS = 20_000;
/** Retried with the same idempotency key, so a retry never charges twice. */
const NETWORK_RETRIES = 2;

/** The client, at STRIPE_API_URL when set (a local stand-in), else Stripe's own API. */
export function createStripeClient(config: StripeConfig): Stripe {
  const url = config.apiUrl;
  const https = url?.protocol === 'https:';
  return new Stripe(config.secretKey, {
    apiVersion: API_VERSION,
    timeout: TIMEOUT_MS,
    maxNetworkRetries: NETWORK_RETRIES,
    telemetry: false,
    appInfo: { name: 'Themis' },
    ...(url && {
      host: url.hostname,
      port: url.port || (https ? 443 : 80),
      protocol: https ? 'https' : 'http',
    }),
  });
}
