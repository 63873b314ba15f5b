import { runtimeConfig } from './runtime-config';

/** Logging out is a page navigation: the server revokes the session and redirects to login. */
export function logout(): void {
  window.location.assign(runtimeConfig().logoutUrl);
}
