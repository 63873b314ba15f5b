import type { PaymentMode } from './billing';
import type { LegalSourceMode } from './legal-sources';
import { DEFAULT_CONTACT_EMAIL } from './constants';

/**
 * The runtime configuration the server injects into index.html as
 * `window.__APP_CONFIG__` (spec §1). The web app reads configuration from it only.
 * Kept free of zod so the web app's first page does not load a validator; the schema
 * for the API lives in runtime-config.schema.ts and is checked against this type.
 */
export interface RuntimeConfig {
  apiHost: string;
  apiPath: string;
  wsHost: string;
  wsPath: string;
  appHost: string;
  protocol: 'http' | 'https';
  wsProtocol: 'ws' | 'wss';
  /** Empty when Google sign-in is not configured: the button is hidden. */
  googleLoginUrl: string;
  logoutUrl: string;
  tokenRefreshUrl: string;
  sentryDsn: string;
  environment: string;
  stripePublishableKey: string;
  /** What the server takes payments with (PAYMENTS); 'off': paid plans cannot be bought. */
  payments: PaymentMode;
  /** The mailbox users write to (CONTACT_EMAIL). */
  contactEmail: string;
  /** Citations in answers (LEGAL_SOURCES): not linked, linked, or linked and checked. */
  legalSources: LegalSourceMode;
}

export const DEFAULT_APP_HOST = 'localhost:5173';

/** The spec's defaults, used by the web app when no object was injected. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = {
  apiHost: DEFAULT_APP_HOST,
  apiPath: '/api',
  wsHost: DEFAULT_APP_HOST,
  wsPath: '/ws',
  appHost: DEFAULT_APP_HOST,
  protocol: 'https',
  wsProtocol: 'ws',
  googleLoginUrl: '',
  logoutUrl: `https://${DEFAULT_APP_HOST}/api/auth/logout`,
  tokenRefreshUrl: `https://${DEFAULT_APP_HOST}/api/auth/token/refresh`,
  sentryDsn: '',
  environment: 'unknown',
  stripePublishableKey: '',
  payments: 'sandbox',
  contactEmail: DEFAULT_CONTACT_EMAIL,
  legalSources: 'links',
};

/** True when `value` has every field of a RuntimeConfig with the right type. */
export function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const allStrings = Object.keys(DEFAULT_RUNTIME_CONFIG).every(
    (key) => typeof record[key] === 'string',
  );
  return (
    allStrings &&
    (record.protocol === 'http' || record.protocol === 'https') &&
    (record.wsProtocol === 'ws' || record.wsProtocol === 'wss') &&
    ['stripe', 'sandbox', 'off'].includes(record.payments as string) &&
    ['off', 'links', 'verify'].includes(record.legalSources as string)
  );
}

export function apiBaseUrl(config: RuntimeConfig): string {
  return `${config.protocol}://${config.apiHost}${config.apiPath}`;
}

export function webSocketUrl(config: RuntimeConfig): string {
  return `${config.wsProtocol}://${config.wsHost}${config.wsPath}`;
}

export function appUrl(config: RuntimeConfig, path = '/'): string {
  return `${config.protocol}://${config.appHost}${path}`;
}
