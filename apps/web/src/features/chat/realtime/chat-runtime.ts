import { webSocketUrl } from '@themis/shared';
import { useSyncExternalStore } from 'react';
import { refreshSession } from '../../../app/api/api';
import { loginRedirectUrl } from '../../../app/api/base-query';
import { runtimeConfig } from '../../../app/runtime-config';
import { isSessionEnding } from '../../../app/session';
import { ChatStore, type ConversationState } from '../chat-store';
import { ChatSocket } from './chat-socket';
import { onContextChanged } from '../../organizations';

interface ChatRuntime {
  socket: ChatSocket;
  store: ChatStore;
}

let current: ChatRuntime | undefined;

/** The tab's socket and chat store, created on first use. */
export function chatRuntime(): ChatRuntime {
  if (!current) {
    const store = new ChatStore();
    const socket = new ChatSocket({
      url: webSocketUrl(runtimeConfig()),
      // A session this tab is ending on purpose closes the socket too: nothing to renew.
      refreshSession: () =>
        isSessionEnding() ? Promise.resolve('unauthorized' as const) : refreshSession(),
      toLogin: () => {
        // Ended on purpose here: the page that ended it goes on by itself.
        if (isSessionEnding()) return;
        window.location.assign(loginRedirectUrl(window.location.pathname + window.location.search));
      },
      onContextChanged,
    });
    socket.listen((frame) => store.apply(frame));
    current = { socket, store };
  }
  return current;
}

/** Closes the socket and forgets every conversation (tests start each case afresh). */
export function resetChatRuntime() {
  current?.socket.dispose();
  current = undefined;
}

export function useConversationState(pk: string | undefined): ConversationState {
  const { store } = chatRuntime();
  return useSyncExternalStore(store.subscribe, () => store.get(pk));
}
