import type { ErrorCode, Message, MessagePage, ServerMessage } from '@themis/shared';

export interface ConversationState {
  /** Oldest first. */
  messages: Message[];
  /** Older messages exist before the first one shown. */
  hasMore: boolean;
  /** Newer messages exist after the last one shown (the page opened at a search hit). */
  hasNewer: boolean;
  loaded: boolean;
  /** Grows whenever the shown messages are replaced rather than extended. */
  epoch: number;
  /** Messages added by loading older pages; keeps the list anchored while prepending. */
  olderCount: number;
  /** A question was sent and its acceptance is awaited. */
  sending: boolean;
  error: ErrorCode | undefined;
}

export type RequestKind = 'send' | 'regenerate' | 'edit';

const EMPTY: ConversationState = {
  messages: [],
  hasMore: false,
  hasNewer: false,
  loaded: false,
  epoch: 0,
  olderCount: 0,
  sending: false,
  error: undefined,
};

type AcceptedFrame = Extract<ServerMessage, { type: 'chat.accepted' }>;

/** `messages` ending with the accepted question and its answer, each shown once. */
function withExchange(messages: Message[], frame: AcceptedFrame): Message[] {
  const fresh = new Set([frame.question.pk, frame.answer.pk]);
  return [...messages.filter((message) => !fresh.has(message.pk)), frame.question, frame.answer];
}

/** Characters of a text as the server counts offsets (UTF-16 code units, like JS strings). */
export const shownLength = (state: ConversationState) =>
  state.messages.findLast((message) => message.status === 'streaming')?.content.length ?? 0;

/**
 * Messages of every conversation this tab has open: REST pages and live frames meet here,
 * outside React, so a frame that arrives while the page is changing route is not lost.
 */
export class ChatStore {
  private states = new Map<string, ConversationState>();
  private requests = new Map<string, { pk: string; kind: RequestKind }>();
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get(pk: string | undefined): ConversationState {
    return (pk && this.states.get(pk)) || EMPTY;
  }

  private set(pk: string, change: (state: ConversationState) => Partial<ConversationState>) {
    const current = this.get(pk);
    this.states.set(pk, { ...current, ...change(current) });
    for (const listener of this.listeners) listener();
  }

  /** Shows `page` in place of what was shown: the latest page, or the one at a search hit. */
  setPage(pk: string, page: MessagePage) {
    this.set(pk, (state) => {
      // Frames that arrived while the latest page was on its way are newer than it: keep them.
      const lastSeq = page.items.at(-1)?.seq ?? -1;
      const known = new Set(page.items.map((message) => message.pk));
      const newer = page.has_newer
        ? []
        : state.messages.filter((m) => m.seq > lastSeq && !known.has(m.pk));
      return {
        messages: [...page.items, ...newer],
        hasMore: page.has_more,
        hasNewer: page.has_newer,
        loaded: true,
        olderCount: 0,
        epoch: state.epoch + 1,
      };
    });
  }

  /** A conversation just created here has no messages to load. */
  markNew(pk: string) {
    this.set(pk, () => ({ loaded: true }));
  }

  prependPage(pk: string, page: MessagePage) {
    this.set(pk, (state) => {
      const known = new Set(state.messages.map((message) => message.pk));
      const older = page.items.filter((message) => !known.has(message.pk));
      return {
        messages: [...older, ...state.messages],
        hasMore: page.has_more,
        olderCount: state.olderCount + older.length,
      };
    });
  }

  /** The page after the last message shown (paging forward from a search hit). */
  appendPage(pk: string, page: MessagePage) {
    this.set(pk, (state) => {
      const lastSeq = state.messages.at(-1)?.seq ?? -1;
      const newer = page.items.filter((message) => message.seq > lastSeq);
      return { messages: [...state.messages, ...newer], hasNewer: page.has_newer };
    });
  }

  request(requestId: string, pk: string, kind: RequestKind) {
    this.requests.set(requestId, { pk, kind });
    this.set(pk, () => ({ sending: true, error: undefined }));
  }

  setError(pk: string, error: ErrorCode | undefined) {
    this.set(pk, () => ({ error, sending: false }));
  }

  setFeedback(pk: string, messagePk: string, feedback: Message['feedback']) {
    this.set(pk, (state) => ({
      messages: state.messages.map((message) =>
        message.pk === messagePk ? { ...message, feedback } : message,
      ),
    }));
  }

  /** This tab's question was accepted. */
  private accepted(
    state: ConversationState,
    frame: AcceptedFrame,
    kind: RequestKind,
  ): Partial<ConversationState> {
    // Shown at a search hit, far from the end: the new exchange starts a fresh view, and
    // scrolling up loads what came before it.
    if (state.hasNewer) {
      return {
        messages: [frame.question, frame.answer],
        hasMore: true,
        hasNewer: false,
        olderCount: 0,
        epoch: state.epoch + 1,
        sending: false,
      };
    }
    let messages = state.messages;
    // An edit replaces the last question and its answer; a regenerate the last answer.
    const lastUser = messages.findLastIndex((message) => message.role === 'user');
    if (kind === 'edit' && lastUser >= 0) messages = messages.slice(0, lastUser);
    if (kind === 'regenerate' && messages.at(-1)?.role === 'assistant') {
      messages = messages.slice(0, -1);
    }
    return { messages: withExchange(messages, frame), sending: false };
  }

  /**
   * A question asked in another tab of this conversation. A regenerate or edit keeps the
   * question's pk, so what followed it (and its old text) gives way to the new exchange.
   */
  private acceptedElsewhere(
    state: ConversationState,
    frame: AcceptedFrame,
  ): Partial<ConversationState> {
    // Not loaded here, or beyond the page shown at a search hit: the page brings it later.
    if (!state.loaded || state.hasNewer) return {};
    const asked = state.messages.findIndex((message) => message.pk === frame.question.pk);
    const messages = asked >= 0 ? state.messages.slice(0, asked) : state.messages;
    return { messages: withExchange(messages, frame) };
  }

  apply(frame: ServerMessage) {
    switch (frame.type) {
      case 'chat.accepted': {
        const own = this.requests.get(frame.request_id);
        this.requests.delete(frame.request_id);
        this.set(frame.conversation_pk, (state) =>
          own ? this.accepted(state, frame, own.kind) : this.acceptedElsewhere(state, frame),
        );
        return;
      }
      case 'chat.delta':
        this.set(frame.conversation_pk, (state) => ({
          messages: state.messages.map((message) => {
            if (message.pk !== frame.message_pk) return message;
            // A resumed stream may repeat what is shown; text is placed at its offset.
            if (frame.offset > message.content.length) return message;
            const end = frame.offset + frame.text.length;
            if (end <= message.content.length) return message;
            return { ...message, content: message.content.slice(0, frame.offset) + frame.text };
          }),
        }));
        return;
      case 'chat.done':
        this.set(frame.conversation_pk, (state) => {
          if (state.messages.some((message) => message.pk === frame.message.pk)) {
            const messages = state.messages.map((message) =>
              message.pk === frame.message.pk ? frame.message : message,
            );
            return { messages };
          }
          // Beyond the shown page it arrives with the newer pages instead.
          return state.hasNewer ? {} : { messages: [...state.messages, frame.message] };
        });
        return;
      case 'error': {
        const request = frame.request_id ? this.requests.get(frame.request_id) : undefined;
        if (frame.request_id) this.requests.delete(frame.request_id);
        const pk = request?.pk ?? frame.conversation_pk;
        if (pk) this.setError(pk, frame.detail);
        return;
      }
      default:
    }
  }
}
