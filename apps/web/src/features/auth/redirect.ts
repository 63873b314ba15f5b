import { paths } from '../../app/paths';

/** Pages a signed-in user is sent away from; going back to one would loop. */
const GUEST_ONLY_PATHS: readonly string[] = [paths.login, paths.register];

function hasUnsafeCharacter(value: string): boolean {
  // Browsers read a backslash as a slash and drop tabs and newlines: '/\evil.test' and
  // '/\t/evil.test' would both leave the site.
  return [...value].some((char) => char === '\\' || char.charCodeAt(0) < 0x20);
}

/**
 * Where to go after signing in: the `from` parameter when it is a path of this site,
 * else the chat.
 */
export function safeRedirectPath(from: string | null | undefined): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || hasUnsafeCharacter(from)) {
    return paths.chat;
  }
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  return GUEST_ONLY_PATHS.includes(pathname.replace(/\/+$/, '')) ? paths.chat : from;
}
