import type { FastifyReply } from 'fastify';
import { ACCESS_TOKEN_TTL_S, REFRESH_TOKEN_TTL_S, TRUSTED_DEVICE_TTL_S } from '@themis/shared';
import type { Config } from '../../config';
import { API_PREFIX } from '../../runtime-config';

export const ACCESS_COOKIE = 'access';
export const REFRESH_COOKIE = 'refresh';
export const DEVICE_COOKIE = 'device';
/** The sealed state of a provider sign-in; travels only to that provider's callback. */
export const PROVIDER_STATE_COOKIE = 'provider_state';
/** The refresh and device cookies travel only to the auth endpoints that read them. */
const AUTH_PATH = `${API_PREFIX}/auth`;

const base = (config: Config) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.publicUrl.protocol === 'https:',
});

export function setSessionCookies(
  reply: FastifyReply,
  config: Config,
  tokens: { access: string; refresh: string },
): void {
  reply.setCookie(ACCESS_COOKIE, tokens.access, {
    ...base(config),
    path: '/',
    maxAge: ACCESS_TOKEN_TTL_S,
  });
  reply.setCookie(REFRESH_COOKIE, tokens.refresh, {
    ...base(config),
    path: AUTH_PATH,
    maxAge: REFRESH_TOKEN_TTL_S,
  });
}

export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  reply.clearCookie(ACCESS_COOKIE, { ...base(config), path: '/' });
  reply.clearCookie(REFRESH_COOKIE, { ...base(config), path: AUTH_PATH });
}

export function setDeviceCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    ...base(config),
    path: AUTH_PATH,
    maxAge: TRUSTED_DEVICE_TTL_S,
  });
}

export function setProviderStateCookie(
  reply: FastifyReply,
  config: Config,
  options: { callbackPath: string; value: string; maxAgeS: number },
): void {
  reply.setCookie(PROVIDER_STATE_COOKIE, options.value, {
    ...base(config),
    path: options.callbackPath,
    maxAge: options.maxAgeS,
  });
}

export function clearProviderStateCookie(
  reply: FastifyReply,
  config: Config,
  callbackPath: string,
): void {
  reply.clearCookie(PROVIDER_STATE_COOKIE, { ...base(config), path: callbackPath });
}
