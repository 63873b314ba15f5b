import { useEffect, useState } from 'react';
import { useAppDispatch } from '../../app/store';
import { chatApi, useLazyListMessagesQuery } from './api';
import { shownLength } from './chat-store';
import { chatRuntime, useConversationState } from './realtime/chat-runtime';

// Pages walked back at most to reach a message opened from search.
const MAX_PAGES_TO_TARGET = 20;

/**
 * The open conversation: its latest page, older pages on demand, and the live answer
 * followed over the socket (resumed from what is shown after a reconnect).
 */
export function useConversation(pk: string | undefined, targetSeq: number | undefined) {
  const state = useConversationState(pk);
  const dispatch = useAppDispatch();
  const [fetchPage] = useLazyListMessagesQuery();
  const [loadingOlder, setLoadingOlder] = useState(false);
  // The conversation whose page failed to load, so another one starts without the error.
  const [failedPk, setFailedPk] = useState<string>();

  useEffect(() => {
    if (!pk) return;
    const { socket, store } = chatRuntime();
    let active = true;
    async function load(id: string) {
      try {
        let page = await fetchPage({ pk: id }).unwrap();
        if (!active) return;
        store.setLatestPage(id, page);
        socket.follow(id, () => shownLength(store.get(id)));
        let walked = 0;
        while (
          targetSeq !== undefined &&
          page.has_more &&
          !store.get(id).messages.some((message) => message.seq <= targetSeq) &&
          walked < MAX_PAGES_TO_TARGET
        ) {
          walked += 1;
          const beforeSeq = store.get(id).messages[0]?.seq;
          page = await fetchPage({ pk: id, beforeSeq }).unwrap();
          if (!active) return;
          store.prependPage(id, page);
        }
      } catch (error) {
        if (!active) return;
        // A deleted or unknown conversation shows as an empty chat rather than an error.
        if ((error as { status?: unknown }).status === 404) store.markNew(id);
        else setFailedPk(id);
      }
    }
    // Followed once the page is shown, so the offset counts what the page brought.
    if (store.get(pk).loaded) socket.follow(pk, () => shownLength(store.get(pk)));
    else void load(pk);
    const unlisten = socket.listen((frame) => {
      if (frame.type === 'conversation.updated') {
        dispatch(chatApi.util.invalidateTags(['Conversations']));
      }
      // Also the list: its order changed, and a name sent while this page was still being
      // opened (a new conversation) would otherwise be missed.
      if (frame.type === 'chat.done') {
        dispatch(chatApi.util.invalidateTags(['Usage', 'Conversations']));
      }
    });
    return () => {
      active = false;
      unlisten();
      socket.unfollow();
    };
  }, [pk, targetSeq, fetchPage, dispatch]);

  async function loadOlder() {
    if (!pk) return;
    const current = chatRuntime().store.get(pk);
    const beforeSeq = current.messages[0]?.seq;
    if (loadingOlder || !current.hasMore || beforeSeq === undefined) return;
    setLoadingOlder(true);
    try {
      chatRuntime().store.prependPage(pk, await fetchPage({ pk, beforeSeq }).unwrap());
    } catch {
      setFailedPk(pk);
    } finally {
      setLoadingOlder(false);
    }
  }

  return { state, loadingOlder, loadFailed: failedPk !== undefined && failedPk === pk, loadOlder };
}
