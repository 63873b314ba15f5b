/**
 * A success notice for a change after which the app starts again (a context left, joined or
 * deleted): kept in this tab's session storage until the next start shows it.
 */
const KEY = 'themis.notice-after-reload';

// Set once the tab starts leaving: a change whose request the reload cancels did not fail,
// and its notice is for the page that comes next.
let leaving = false;
window.addEventListener('beforeunload', () => {
  leaving = true;
});

/**
 * Makes the change with `message` kept for the next start, which may come before the change
 * answers (a socket reloading into the new context); dropped when the change fails, whether
 * it throws or answers an RTK Query error, unless the tab is already leaving (the reload
 * cancelled its request). No message: the change alone.
 */
export async function withNoticeForReload<T>(
  message: string | undefined,
  change: () => Promise<T>,
): Promise<T> {
  if (message === undefined) return change();
  sessionStorage.setItem(KEY, message);
  const drop = () => {
    if (!leaving) sessionStorage.removeItem(KEY);
  };
  try {
    const result = await change();
    if (typeof result === 'object' && result !== null && 'error' in result) drop();
    return result;
  } catch (error) {
    drop();
    throw error;
  }
}

/** The notice kept for this start, once. */
export function takeNoticeAfterReload(): string | undefined {
  const message = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return message ?? undefined;
}
