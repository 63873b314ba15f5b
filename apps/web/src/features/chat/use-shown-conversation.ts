import { useMemo } from 'react';
import type { ConversationState, PendingQuestion } from './chat-store';

/**
 * What the page shows of the open conversation: the first question of a new chat from the
 * moment it is asked (`creatingWith`, while its conversation is created; the store shows it
 * from the sending on), whether the chat is empty (the greeting instead of messages) and
 * whether an answer is being written.
 */
export function useShownConversation(
  conversationId: string | undefined,
  state: ConversationState,
  creatingWith: PendingQuestion | undefined,
) {
  const pending = state.pending ?? creatingWith;
  const shownState = useMemo(
    () => (creatingWith && !state.pending ? { ...state, pending: creatingWith } : state),
    [state, creatingWith],
  );
  const empty =
    (!conversationId && !creatingWith) ||
    (state.loaded && state.messages.length === 0 && !state.sending && !pending);
  const streaming = state.messages.some((message) => message.status === 'streaming');
  return { shownState, pending, empty, streaming };
}
