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

/**
 * Logging out is a page navigation: the server revokes the session and redirects to login,
 * which goes on to `from` (a path of this site) after signing in again.
 */
export function logout(from?: string): void {
  ending = true;
  const url = runtimeConfig().logoutUrl;
  window.location.assign(from ? `${url}?${new URLSearchParams({ from }).toString()}` : url);
}

const SESSION_HINT_KEY = 'themis.hadSession';

/**
 * Whether this browser had a session when it last asked: a guess made before the session
 * check answers, so that a signed-in reload fetches its pages' code beside that check.
 */
export function hadSession(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) === '1';
  } catch {
    return false;
  }
}

/** Kept by the session bootstrap's every answer and by a sign-in. */
export function rememberSession(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SESSION_HINT_KEY, '1');
    else window.localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage refused (private mode): the pages' code then waits for the session check.
  }
}
