import { z } from 'zod';

/**
 * The runtime configuration the server injects into index.html as
 * `window.__APP_CONFIG__` (spec §1). The web app reads configuration from it only.
 */
export const ZRuntimeConfig = z.object({
  apiHost: z.string(),
  apiPath: z.string(),
  wsHost: z.string(),
  wsPath: z.string(),
  appHost: z.string(),
  protocol: z.enum(['http', 'https']),
  wsProtocol: z.enum(['ws', 'wss']),
  /** Empty when Google sign-in is not configured: the button is hidden. */
  googleLoginUrl: z.string(),
  logoutUrl: z.string(),
  tokenRefreshUrl: z.string(),
  sentryDsn: z.string(),
  environment: z.string(),
  stripePublishableKey: z.string(),
});
export type RuntimeConfig = z.infer<typeof ZRuntimeConfig>;

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
};

export function apiBaseUrl(config: RuntimeConfig): string {
  return `${config.protocol}://${config.apiHost}${config.apiPath}`;
}

export function webSocketUrl(config: RuntimeConfig): string {
  return `${config.wsProtocol}://${config.wsHost}${config.wsPath}`;
}

export function appUrl(config: RuntimeConfig, path = '/'): string {
  return `${config.protocol}://${config.appHost}${path}`;
}
