import { DISCONNECT_SUCCESS_STORAGE_KEY, type SignInProvider } from '@themis/shared';
import { paths } from '../../app/paths';
import { runtimeConfig } from '../../app/runtime-config';
import { safeRedirectPath } from './redirect';

/**
 * Where a provider's sign-in starts, carrying `from` when it is a safe path; empty when the
 * provider is not configured (its button is then hidden).
 */
export function providerLoginUrl(provider: SignInProvider, from: string | null): string {
  const base = provider === 'google' ? runtimeConfig().googleLoginUrl : '';
  if (!base) return '';
  const target = safeRedirectPath(from);
  return target === paths.chat ? base : `${base}?${new URLSearchParams({ from: target })}`;
}

/** The provider disconnected before the last logout, once: the marker is removed. */
export function takeDisconnectedProvider(): string | null {
  try {
    const provider = window.localStorage.getItem(DISCONNECT_SUCCESS_STORAGE_KEY);
    if (provider !== null) window.localStorage.removeItem(DISCONNECT_SUCCESS_STORAGE_KEY);
    return provider;
  } catch {
    return null;
  }
}
