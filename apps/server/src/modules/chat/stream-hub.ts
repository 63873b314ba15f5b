import { randomUUID } from 'node:crypto';
import type { Message, ServerMessage } from '@themis/shared';
import type { Scope } from '../../access/actor';

/** One open tab following conversations. */
export interface ChatListener {
  send(message: ServerMessage): void;
  /** The tab's session, whose unlocked key opens an encrypted conversation's texts. */
  sessionId?: string;
}

/** An answer this instance is writing. */
export interface LiveAnswer {
  /** Who pays for its tokens. */
  owner: Scope;
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

/**
 * What instances tell each other: frames for tabs connected elsewhere, stop requests, a tab's
 * request for the text written so far, and a sealed answer's end (opened by each tab's key).
 */
export type RelayEvent =
  | { origin: string; conversationId: string; kind: 'frame'; message: ServerMessage }
  | { origin: string; conversationId: string; kind: 'stop' }
  | { origin: string; conversationId: string; kind: 'catch-up'; fromOffset: number }
  | {
      origin: string;
      conversationId: string;
      kind: 'sealed-done';
      ownerId: string;
      message: Message;
    };

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
  /**
   * A final answer whose content is still sealed under `ownerId`'s key: every tab following
   * it, here and elsewhere, gets it opened with its own session's key, or nothing when locked.
   */
  publishSealedDone(conversationId: string, ownerId: string, message: Message): void;
  /**
   * A tab here follows an answer another instance writes: that instance sends the text from
   * `fromOffset` through the relay, since its last save may be behind what it has sent.
   */
  requestCatchUp(conversationId: string, fromOffset: number): void;
  subscribe(conversationId: string, listener: ChatListener): void;
  unsubscribe(conversationId: string, listener: ChatListener): void;
  unsubscribeAll(listener: ChatListener): void;
  /** Aborts the answer here, or asks the other instances to. */
  stop(conversationId: string): void;
  liveAnswers(): LiveAnswer[];
  close(): Promise<void>;
}

/** Opens a sealed message for one tab; undefined when its session holds no key for it. */
export type OpenSealed = (
  listener: ChatListener,
  ownerId: string,
  message: Message,
) => Promise<Message | undefined>;

/** The per-conversation fan-out of answers, in process, optionally joined across instances. */
export function createStreamHub(
  options: { relay?: HubRelay; openSealed?: OpenSealed } = {},
): StreamHub {
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

  function deliverSealedDone(conversationId: string, ownerId: string, message: Message) {
    const { openSealed } = options;
    if (!openSealed) return;
    for (const listener of listeners.get(conversationId) ?? []) {
      openSealed(listener, ownerId, message)
        .then((opened) => {
          if (opened)
            listener.send({ type: 'chat.done', conversation_pk: conversationId, message: opened });
        })
        .catch(() => undefined);
    }
  }

  /** The text of an answer written here, from `fromOffset`, to the tabs elsewhere. */
  function relayCatchUp(conversationId: string, fromOffset: number) {
    const answer = live.get(conversationId);
    if (!answer || fromOffset >= answer.content.length) return;
    const message: ServerMessage = {
      type: 'chat.delta',
      conversation_pk: conversationId,
      message_pk: answer.messageId,
      offset: fromOffset,
      text: answer.content.slice(fromOffset),
    };
    options.relay?.publish({ origin: instanceId, conversationId, kind: 'frame', message });
  }

  options.relay?.onEvent((event) => {
    if (event.origin === instanceId) return;
    switch (event.kind) {
      case 'frame':
        return deliver(event.conversationId, event.message);
      case 'stop':
        return live.get(event.conversationId)?.controller.abort();
      case 'catch-up':
        return relayCatchUp(event.conversationId, event.fromOffset);
      case 'sealed-done':
        return deliverSealedDone(event.conversationId, event.ownerId, event.message);
    }
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
    publishSealedDone(conversationId, ownerId, message) {
      deliverSealedDone(conversationId, ownerId, message);
      options.relay?.publish({
        origin: instanceId,
        conversationId,
        kind: 'sealed-done',
        ownerId,
        message,
      });
    },
    requestCatchUp(conversationId, fromOffset) {
      options.relay?.publish({ origin: instanceId, conversationId, kind: 'catch-up', fromOffset });
    },
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
