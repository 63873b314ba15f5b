import { SHARE_ROUTE_ROOT } from '@themis/shared';
import { paths } from '../../app/paths';
import { safeRedirectPath } from './redirect';

const KEY = 'themis.pendingDestination';
/** Long enough to sign up and confirm the e-mailed code; short enough not to surprise. */
const KEPT_MS = 24 * 60 * 60 * 1000;

/** Pages worth coming back to after signing in or up: an invitation and a shared link. */
function isCarried(path: string): boolean {
  return path.startsWith(`${paths.organizationInvitation}?`) || path.startsWith(SHARE_ROUTE_ROOT);
}

/**
 * Remembers an invitation or shared link the visitor came for, so that logging out, signing
 * up (the code may be confirmed in another tab) or finishing the questionnaire leads back to
 * it. Any other path is ignored.
 */
export function rememberDestination(path: string | null | undefined): void {
  if (!path || !isCarried(path) || safeRedirectPath(path) !== path) return;
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ path, savedAt: Date.now() }));
  } catch {
    // Storage refused (private mode): the visitor lands in the chat, as before.
  }
}

/** The remembered page, if recent; it stays remembered until `forgetDestination`. */
export function pendingDestination(): string | undefined {
  try {
    const saved: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return undefined;
    const { path, savedAt } = saved as { path?: unknown; savedAt?: unknown };
    if (typeof path !== 'string' || typeof savedAt !== 'number') return undefined;
    if (Date.now() - savedAt > KEPT_MS || !isCarried(path)) return undefined;
    return safeRedirectPath(path) === path ? path : undefined;
  } catch {
    return undefined;
  }
}

export function forgetDestination(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** Whether a path is an organization invitation's page. */
export function isInvitationPath(path: string | null | undefined): boolean {
  return (path ?? '').startsWith(paths.organizationInvitation);
}
