import { lazy, useEffect } from 'react';
import { afterFirstPage } from '../../../app/first-page';

// The virtual message list (with the markdown renderer) loads with the first conversation,
// not with the empty chat: once the empty chat is shown and the browser idle, or as the first
// question is typed, so that the answer's first words need not wait for it.
export const loadMessageList = () => import('./MessageList');
export const MessageList = lazy(async () => ({ default: (await loadMessageList()).MessageList }));

/** While the chat is empty, the list's code loads once the first page is shown. */
export function usePreloadMessageList(empty: boolean) {
  useEffect(() => {
    if (empty) return afterFirstPage(loadMessageList);
  }, [empty]);
}
