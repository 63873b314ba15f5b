import type { RuntimeConfig } from '@themis/shared';
import type { Config } from './config';

export const API_PREFIX = '/api';
export const WS_PATH = '/ws';

/** The object injected as window.__APP_CONFIG__, derived from PUBLIC_URL and the keys set. */
export function buildRuntimeConfig(config: Config): RuntimeConfig {
  const origin = config.publicUrl.origin;
  const protocol = config.publicUrl.protocol === 'https:' ? 'https' : 'http';
  const host = config.publicUrl.host;
  return {
    apiHost: host,
    apiPath: API_PREFIX,
    wsHost: host,
    wsPath: WS_PATH,
    appHost: host,
    protocol,
    wsProtocol: protocol === 'https' ? 'wss' : 'ws',
    googleLoginUrl: config.googleClientId ? `${origin}${API_PREFIX}/auth/login/google` : '',
    logoutUrl: `${origin}${API_PREFIX}/auth/logout`,
    tokenRefreshUrl: `${origin}${API_PREFIX}/auth/token/refresh`,
    sentryDsn: config.sentryDsn ?? '',
    environment: config.environment,
    stripePublishableKey: config.stripePublishableKey ?? '',
    payments: config.payments,
    contactEmail: config.contactEmail,
    legalSources: config.legalSources.mode,
  };
}

/** `<` is escaped so no value can close the script element. */
export function runtimeConfigScript(runtimeConfig: RuntimeConfig): string {
  const json = JSON.stringify(runtimeConfig).replace(/</g, '\\u003c');
  return `window.__APP_CONFIG__=${json};`;
}
