import { randomUUID } from 'node:crypto';
import type { ServerMessage } from '@themis/shared';
import type { BillingOwner } from '../usage/allowance.service';

/** One open tab following conversations. */
export interface ChatListener {
  send(message: ServerMessage): void;
}

/** An answer this instance is writing. */
export interface LiveAnswer {
  /** Who pays for its tokens. */
  owner: BillingOwner;
  conversationId: string;
  messageId: string;
  /** Everything written so far: a tab that resumes gets the part it lacks from here. */
  content: string;
  /** In an encrypted conversation: what the row stores for `content`. */
  seal?: (content: string) => string;
  controller: AbortController;
  /** Settles once the answer's final status is stored. */
  finished: Promise<void>;
}

/** What instances tell each other: frames for tabs connected elsewhere, and stop requests. */
export type RelayEvent =
  | { origin: string; conversationId: string; kind: 'frame'; message: ServerMessage }
  | { origin: string; conversationId: string; kind: 'stop' };

/** Carries events between instances (Redis pub/sub); absent with a single instance. */
export interface HubRelay {
  publish(event: RelayEvent): void;
  onEvent(handler: (event: RelayEvent) => void): void;
  close(): Promise<void>;
}

export interface StreamHub {
  /** Claims the conversation for a new answer; false when one is already being written here. */
  reserve(conversationId: string): boolean;
  release(conversationId: string): void;
  start(answer: LiveAnswer): void;
  find(conversationId: string): LiveAnswer | undefined;
  /** Adds text to the answer and sends it to every tab following the conversation. */
  append(conversationId: string, text: string): void;
  /** Sends the final frame and forgets the answer. */
  finish(conversationId: string, message: ServerMessage): void;
  publish(conversationId: string, message: ServerMessage): void;
  subscribe(conversationId: string, listener: ChatListener): void;
  unsubscribe(conversationId: string, listener: ChatListener): void;
  unsubscribeAll(listener: ChatListener): void;
  /** Aborts the answer here, or asks the other instances to. */
  stop(conversationId: string): void;
  liveAnswers(): LiveAnswer[];
  close(): Promise<void>;
}

/** The per-conversation fan-out of answers, in process, optionally joined across instances. */
export function createStreamHub(options: { relay?: HubRelay } = {}): StreamHub {
  const instanceId = randomUUID();
  const reserved = new Set<string>();
  const live = new Map<string, LiveAnswer>();
  const listeners = new Map<string, Set<ChatListener>>();

  function deliver(conversationId: string, message: ServerMessage) {
    for (const listener of listeners.get(conversationId) ?? []) {
      // One broken tab must not keep the others from their frames.
      try {
        listener.send(message);
      } catch {
        listeners.get(conversationId)?.delete(listener);
      }
    }
  }

  function publish(conversationId: string, message: ServerMessage) {
    deliver(conversationId, message);
    options.relay?.publish({ origin: instanceId, conversationId, kind: 'frame', message });
  }

  options.relay?.onEvent((event) => {
    if (event.origin === instanceId) return;
    if (event.kind === 'frame') deliver(event.conversationId, event.message);
    else live.get(event.conversationId)?.controller.abort();
  });

  return {
    reserve(conversationId) {
      if (reserved.has(conversationId) || live.has(conversationId)) return false;
      reserved.add(conversationId);
      return true;
    },
    release(conversationId) {
      reserved.delete(conversationId);
    },
    start(answer) {
      reserved.delete(answer.conversationId);
      live.set(answer.conversationId, answer);
    },
    find: (conversationId) => live.get(conversationId),
    append(conversationId, text) {
      const answer = live.get(conversationId);
      if (!answer) return;
      const offset = answer.content.length;
      answer.content += text;
      publish(conversationId, {
        type: 'chat.delta',
        conversation_pk: conversationId,
        message_pk: answer.messageId,
        offset,
        text,
      });
    },
    finish(conversationId, message) {
      live.delete(conversationId);
      publish(conversationId, message);
    },
    publish,
    subscribe(conversationId, listener) {
      const set = listeners.get(conversationId) ?? new Set();
      set.add(listener);
      listeners.set(conversationId, set);
    },
    unsubscribe(conversationId, listener) {
      const set = listeners.get(conversationId);
      set?.delete(listener);
      if (set?.size === 0) listeners.delete(conversationId);
    },
    unsubscribeAll(listener) {
      for (const [conversationId, set] of listeners) {
        set.delete(listener);
        if (set.size === 0) listeners.delete(conversationId);
      }
    },
    stop(conversationId) {
      const answer = live.get(conversationId);
      if (answer) answer.controller.abort();
      else options.relay?.publish({ origin: instanceId, conversationId, kind: 'stop' });
    },
    liveAnswers: () => [...live.values()],
    async close() {
      await options.relay?.close();
    },
  };
}
