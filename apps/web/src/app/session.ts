import { runtimeConfig } from './runtime-config';

let ending = false;

/**
 * Marks the session as being ended on purpose (logging out, deleting the account), so that
 * a socket closed by it does not send the browser to login on its own; false takes it back.
 */
export function setSessionEnding(value: boolean): void {
  ending = value;
}

export const isSessionEnding = (): boolean => ending;

/** Logging out is a page navigation: the server revokes the session and redirects to login. */
export function logout(): void {
  ending = true;
  window.location.assign(runtimeConfig().logoutUrl);
}
