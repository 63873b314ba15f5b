import { paths } from '../../app/paths';

/**
 * Enters the context just switched to: the app starts again at the chat, so that nothing of
 * the previous context (its conversations, files, cached lists) stays in this tab's memory.
 * Other tabs do the same when their socket says the context changed.
 */
export function reloadIntoContext(): void {
  window.location.assign(paths.chat);
}
