const RETURN_PATH_MAX = 2000;

/**
 * Whether `from` may be sent back after sign-in: a path of this site only (one leading
 * slash, so not `//host`; no backslash, which browsers read as a slash), and not a page
 * that would ask to sign in again.
 */
export function isSafeReturnPath(from: string | undefined): from is string {
  if (!from || from.length > RETURN_PATH_MAX) return false;
  if (!from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(from)) return false;
  const path = from.split(/[?#]/)[0]!.replace(/\/+$/, '').toLowerCase();
  return !['/login', '/register'].some((page) => path === page || path.startsWith(`${page}/`));
}
