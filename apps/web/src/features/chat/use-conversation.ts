import type { MessagePage } from '@themis/shared';
import { useEffect, useRef, useState } from 'react';
import { errorCode } from '../../app/api/error-message';
import { useAppDispatch } from '../../app/store';
import { chatApi, useLazyListMessagesQuery } from './api';
import { shownLength } from './chat-store';
import { chatRuntime, useConversationState } from './realtime/chat-runtime';
import { onUnlockedElsewhere } from '../encryption';

type Direction = 'older' | 'newer';

/** Follows the conversation, from what is shown of the answer being written (if shown). */
function follow(pk: string) {
  const { socket, store } = chatRuntime();
  socket.follow(pk, () => shownLength(store.get(pk)));
}

/**
 * The open conversation: its latest page (or the page holding the message opened from
 * search, at any depth), older and newer pages on demand, and the live answer followed over
 * the socket (resumed from what is shown after a reconnect). An encrypted conversation whose
 * messages are refused (locked) asks `unlock` and loads again once unlocked.
 */
export function useConversation(
  pk: string | undefined,
  targetSeq: number | undefined,
  unlock: () => Promise<boolean>,
) {
  const state = useConversationState(pk);
  const dispatch = useAppDispatch();
  const [fetchPage] = useLazyListMessagesQuery();
  // Each direction on its own: a short page shows both edges, and both are asked for at once.
  const [loading, setLoading] = useState<Record<Direction, boolean>>({
    older: false,
    newer: false,
  });
  // The conversation whose page failed to load, so another one starts without the error.
  const [failedPk, setFailedPk] = useState<string>();
  // The conversation open now, so a page that arrives after a switch follows nothing.
  const openPk = useRef(pk);
  // The conversation whose messages were refused until the session is unlocked.
  const [lockedPk, setLockedPk] = useState<string>();
  // Counts unlocks, each of which loads the open conversation again.
  const [unlocks, setUnlocks] = useState(0);
  const unlockRef = useRef(unlock);

  useEffect(() => {
    openPk.current = pk;
    unlockRef.current = unlock;
  });

  // Unlocked in another tab of this session: the refused messages can be read now.
  useEffect(() => {
    if (lockedPk === undefined) return;
    return onUnlockedElsewhere(() => {
      setLockedPk(undefined);
      setUnlocks((count) => count + 1);
    });
  }, [lockedPk]);

  async function unlockAndLoad() {
    if (!(await unlockRef.current())) return;
    setLockedPk(undefined);
    setUnlocks((count) => count + 1);
  }

  // The history follows every answer: its order changes, and a new conversation is named by
  // its first question. Listened to whatever is open, so that a new conversation's first
  // answer, which may end while the page is still moving from /chat to its address, counts.
  useEffect(
    () =>
      chatRuntime().socket.listen((frame) => {
        if (frame.type === 'conversation.updated') {
          dispatch(chatApi.util.invalidateTags(['Conversations']));
        }
        if (frame.type === 'chat.done') {
          dispatch(chatApi.util.invalidateTags(['Usage', 'Conversations']));
        }
      }),
    [dispatch],
  );

  useEffect(() => {
    if (!pk) return;
    const { socket, store } = chatRuntime();
    let active = true;
    async function load(id: string) {
      try {
        const page = await fetchPage({ pk: id, aroundSeq: targetSeq }).unwrap();
        if (!active) return;
        store.setPage(id, page);
        setLockedPk(undefined);
        follow(id);
      } catch (error) {
        if (!active) return;
        // A deleted or unknown conversation shows as an empty chat rather than an error.
        if ((error as { status?: unknown }).status === 404) store.markNew(id);
        else if (errorCode(error) === 'decryption_locked') {
          setLockedPk(id);
          void unlockAndLoad();
        } else setFailedPk(id);
      }
    }
    async function showLatestBranch(id: string) {
      try {
        const page = await fetchPage({ pk: id }).unwrap();
        if (active) store.setPage(id, page, { replace: true });
      } catch {
        // The next reload shows it; what is shown stays meanwhile.
      }
    }
    const current = store.get(pk);
    // Without a message to show, the conversation opens at its end, even if a search hit
    // opened it elsewhere before.
    const wantedShown =
      targetSeq === undefined
        ? !current.hasNewer
        : current.messages.some((message) => message.seq === targetSeq);
    // Followed once the page is shown, so the offset counts what the page brought.
    if (current.loaded && wantedShown) follow(pk);
    else void load(pk);
    const unlisten = socket.listen((frame) => {
      // Another tab showed another version: this one shows that branch too, or its next
      // question would follow one no longer shown.
      if (frame.type === 'conversation.branch_changed' && frame.conversation_pk === pk) {
        const shown = store.get(pk).messages.some((m) => m.pk === frame.message_pk);
        if (!shown) void showLatestBranch(pk);
      }
    });
    return () => {
      active = false;
      unlisten();
      socket.unfollow();
    };
    // `unlocks` loads the page again after an unlock.
  }, [pk, targetSeq, fetchPage, dispatch, unlocks]);

  async function loadMore(direction: Direction) {
    if (!pk || loading[direction]) return;
    const { store } = chatRuntime();
    const current = store.get(pk);
    const edge = direction === 'older' ? current.messages[0] : current.messages.at(-1);
    const more = direction === 'older' ? current.hasMore : current.hasNewer;
    if (!more || !edge) return;
    setLoading((now) => ({ ...now, [direction]: true }));
    try {
      let page: MessagePage;
      if (direction === 'older') {
        page = await fetchPage({ pk, beforeSeq: edge.seq }).unwrap();
        store.prependPage(pk, page);
      } else {
        page = await fetchPage({ pk, afterSeq: edge.seq }).unwrap();
        store.appendPage(pk, page);
        // An answer being written has come into view: follow it from what the page shows.
        const streaming = page.items.some((message) => message.status === 'streaming');
        if (streaming && openPk.current === pk) follow(pk);
      }
    } catch {
      setFailedPk(pk);
    } finally {
      setLoading((now) => ({ ...now, [direction]: false }));
    }
  }

  return {
    state,
    loadingOlder: loading.older,
    loadingNewer: loading.newer,
    loadFailed: failedPk !== undefined && failedPk === pk,
    locked: lockedPk !== undefined && lockedPk === pk,
    unlock: unlockAndLoad,
    loadOlder: () => loadMore('older'),
    loadNewer: () => loadMore('newer'),
  };
}
