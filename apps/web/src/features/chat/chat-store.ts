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
  /** That question, shown as sending until the server has it. */
  pending: PendingQuestion | undefined;
  error: ErrorCode | undefined;
}

/** A question on its way: its words and the names of its files. */
export interface PendingQuestion {
  content: string;
  filenames: string[];
}

const EMPTY: ConversationState = {
  messages: [],
  hasMore: false,
  hasNewer: false,
  loaded: false,
  epoch: 0,
  olderCount: 0,
  sending: false,
  pending: undefined,
  error: undefined,
};

type AcceptedFrame = Extract<ServerMessage, { type: 'chat.accepted' }>;

/**
 * The shown messages up to the one the accepted question follows, then the question and its
 * answer: a new question goes at the end, an answer written again or a question edited
 * replaces the branch from there (it stays a version on the server). Undefined when that
 * message is not among those shown (only later pages are loaded).
 */
function withExchange(messages: Message[], frame: AcceptedFrame): Message[] | undefined {
  const parent = frame.question.parent_pk;
  const at = parent === null ? -1 : messages.findIndex((message) => message.pk === parent);
  if (parent !== null && at < 0) return undefined;
  return [...messages.slice(0, at + 1), frame.question, frame.answer];
}

/**
 * The message as a page shows it, unless the socket has taken it further since the page was
 * read: a page read while its answer was written may arrive after that answer's end, which
 * no later frame repeats.
 */
function fresher(live: Message | undefined, paged: Message): Message {
  if (!live || paged.status !== 'streaming') return paged;
  const further = live.status !== 'streaming' || live.content.length > paged.content.length;
  return further ? live : paged;
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
  private requests = new Map<string, { pk: string }>();
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

  /**
   * Shows `page` in place of what was shown: the latest page, or the one at a search hit.
   * `replace`: the page of another branch, where nothing shown before may stay.
   */
  setPage(pk: string, page: MessagePage, { replace = false } = {}) {
    this.set(pk, (state) => {
      // Frames that arrived while the latest page was on its way are newer than it: keep them.
      const lastSeq = page.items.at(-1)?.seq ?? -1;
      const known = new Set(page.items.map((message) => message.pk));
      const newer =
        page.has_newer || replace
          ? []
          : state.messages.filter((m) => m.seq > lastSeq && !known.has(m.pk));
      const shown = new Map(state.messages.map((message) => [message.pk, message]));
      return {
        messages: [...page.items.map((item) => fresher(shown.get(item.pk), item)), ...newer],
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

  /** A question (or an answer written again) sent; `pending` is shown until accepted. */
  request(requestId: string, pk: string, pending?: PendingQuestion) {
    this.requests.set(requestId, { pk });
    this.set(pk, () => ({ sending: true, pending, error: undefined }));
  }

  setError(pk: string, error: ErrorCode | undefined) {
    this.set(pk, () => ({ error, sending: false, pending: undefined }));
  }

  setFeedback(pk: string, messagePk: string, feedback: Message['feedback']) {
    this.set(pk, (state) => ({
      messages: state.messages.map((message) =>
        message.pk === messagePk ? { ...message, feedback } : message,
      ),
    }));
  }

  /**
   * A question accepted, asked here or in another tab. Shown at a search hit, far from the
   * end, or with the message it follows not loaded: asked here, it starts a fresh view (and
   * scrolling up loads what came before it); asked elsewhere, the pages bring it later.
   */
  private accepted(
    state: ConversationState,
    frame: AcceptedFrame,
    own: boolean,
  ): Partial<ConversationState> {
    if (!own && !state.loaded) return {};
    // Not loaded yet: its page, on its way, comes in before these (setPage keeps them).
    const messages = !state.loaded
      ? [frame.question, frame.answer]
      : state.hasNewer
        ? undefined
        : withExchange(state.messages, frame);
    if (messages) return own ? { messages, sending: false, pending: undefined } : { messages };
    if (!own) return {};
    return {
      messages: [frame.question, frame.answer],
      hasMore: true,
      hasNewer: false,
      olderCount: 0,
      epoch: state.epoch + 1,
      sending: false,
      pending: undefined,
    };
  }

  apply(frame: ServerMessage) {
    switch (frame.type) {
      case 'chat.accepted': {
        const own = this.requests.has(frame.request_id);
        this.requests.delete(frame.request_id);
        this.set(frame.conversation_pk, (state) => this.accepted(state, frame, own));
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
