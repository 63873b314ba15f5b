/**
 * A success notice for a change after which the app starts again (a context left, joined or
 * deleted): kept in this tab's session storage until the next start shows it.
 */
const KEY = 'themis.notice-after-reload';

/** Keep `message` for the next start; the returned function drops it (the change failed). */
export function keepNoticeForReload(message: string): () => void {
  sessionStorage.setItem(KEY, message);
  return () => sessionStorage.removeItem(KEY);
}

/** The notice kept for this start, once. */
export function takeNoticeAfterReload(): string | undefined {
  const message = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return message ?? undefined;
}
