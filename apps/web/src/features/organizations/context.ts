import { paths } from '../../app/paths';

/**
 * Enters the context just switched to: the app starts again at the chat, so that nothing of
 * the previous context (its conversations, files, cached lists) stays in this tab's memory.
 * Other tabs do the same when their socket says the context changed.
 */
export function reloadIntoContext(): void {
  window.location.assign(paths.chat);
}

// Set while this tab makes the change itself (creating an organization in the wizard, which
// makes it the current context): the tab reloads when the wizard closes, not before.
let changingHere = false;

/** The next context change is this tab's own; the returned function takes that back. */
export function expectContextChange(): () => void {
  changingHere = true;
  return () => {
    changingHere = false;
  };
}

/** A socket said the context changed: reload, unless this tab is making the change. */
export function onContextChanged(): 'reconnect' | 'reload' {
  if (changingHere) {
    changingHere = false;
    return 'reconnect';
  }
  reloadIntoContext();
  return 'reload';
}
