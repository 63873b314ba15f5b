import type { ClientMessage, ServerMessage } from '@themis/shared';
import { logEvent } from '../../../app/log';

/** Close code the server uses when the socket has no valid session. */
const SESSION_CLOSE_CODE = 4401;
/** Close code the server uses when the user's context (organization) changed. */
export const CONTEXT_CHANGED_CLOSE_CODE = 4409;
/** Close code for the same context with other rules (the user's role, the allowed models). */
export const CONTEXT_UPDATED_CLOSE_CODE = 4410;
const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 15_000;

type SessionRefresh = () => Promise<'refreshed' | 'unauthorized' | 'failed'>;

export interface ChatSocketOptions {
  url: string;
  refreshSession: SessionRefresh;
  /** Sends the browser to login after the session could not be refreshed. */
  toLogin: () => void;
  /** The user's context changed: reload into it, or reconnect when this tab is changing it. */
  onContextChanged: () => 'reconnect' | 'reload';
}

type Listener = (message: ServerMessage) => void;

/**
 * The tab's one WebSocket: connects on first use, reconnects with exponential backoff and,
 * after every (re)connect, follows the open conversation again from what is already shown.
 */
export class ChatSocket {
  private socket: WebSocket | undefined;
  private listeners = new Set<Listener>();
  private queue: ClientMessage[] = [];
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;
  private followed: { pk: string; offset: () => number } | undefined;
  private keptOpen = false;
  private updateListeners = new Set<() => void>();

  constructor(private readonly options: ChatSocketOptions) {}

  listen(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Connects now and stays connected with nothing followed, so that a change of context
   * made elsewhere (the socket closes with 4409) reaches a tab on any page.
   */
  keepOpen() {
    this.keptOpen = true;
    this.connect();
  }

  /** Called when the context's rules changed; the socket reconnects under them by itself. */
  onContextUpdated(listener: () => void): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  /** Sends now, or as soon as the socket is open. */
  send(message: ClientMessage) {
    this.connect();
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    else this.queue.push(message);
  }

  /** Follows one conversation; `offset` gives the characters of the answer being shown. */
  follow(pk: string, offset: () => number) {
    if (this.followed && this.followed.pk !== pk) this.unfollow();
    this.followed = { pk, offset };
    this.send({ type: 'chat.subscribe', conversation_pk: pk, from_offset: offset() });
  }

  unfollow() {
    if (!this.followed) return;
    const pk = this.followed.pk;
    this.followed = undefined;
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.send({ type: 'chat.unsubscribe', conversation_pk: pk });
    }
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.timer);
    this.listeners.clear();
    this.updateListeners.clear();
    this.socket?.close();
    this.socket = undefined;
  }

  private connect() {
    if (this.socket || this.disposed || this.timer) return;
    const socket = new WebSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      const pending = this.queue;
      this.queue = [];
      // A subscribe queued before the socket opened is replaced by a fresh one below.
      const followed = this.followed;
      for (const message of pending) {
        if (message.type !== 'chat.subscribe') socket.send(JSON.stringify(message));
      }
      if (followed) {
        socket.send(
          JSON.stringify({
            type: 'chat.subscribe',
            conversation_pk: followed.pk,
            from_offset: followed.offset(),
          } satisfies ClientMessage),
        );
      }
    };
    socket.onmessage = (event: MessageEvent) => {
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return;
      }
      for (const listener of this.listeners) listener(message);
    };
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (this.disposed) return;
      if (event.code === SESSION_CLOSE_CODE) void this.refreshThenReconnect();
      else if (event.code === CONTEXT_UPDATED_CLOSE_CODE) {
        for (const listener of this.updateListeners) listener();
        this.scheduleReconnect();
      } else if (event.code !== CONTEXT_CHANGED_CLOSE_CODE) this.scheduleReconnect();
      else if (this.options.onContextChanged() === 'reconnect') this.scheduleReconnect();
    };
  }

  private async refreshThenReconnect() {
    const outcome = await this.options.refreshSession();
    if (outcome === 'unauthorized') {
      this.options.toLogin();
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.disposed) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempt);
    this.attempt += 1;
    logEvent('warn', `websocket reconnect in ${delay}ms`);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.keptOpen || this.followed || this.queue.length > 0) this.connect();
    }, delay);
  }
}
