import type { ClientMessage, ServerMessage } from '@themis/shared';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A WebSocket stand-in stubbed on window: tests open it, read what it sent and push frames. */
class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  sent: ClientMessage[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as ClientMessage);
  }

  close() {
    this.readyState = FakeWebSocket.CLOSED;
  }

  open() {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
  }

  receive(frame: ServerMessage) {
    act(() => {
      this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
    });
  }

  /** The connection drops (or the server closes it with `code`). */
  drop(code = 1006) {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.(new CloseEvent('close', { code }));
    });
  }

  sentOfType<T extends ClientMessage['type']>(type: T) {
    return this.sent.filter(
      (frame): frame is Extract<ClientMessage, { type: T }> => frame.type === type,
    );
  }
}

export function stubWebSocket() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return {
    /** The socket opened most recently. */
    latest: () => {
      const socket = FakeWebSocket.instances.at(-1);
      if (!socket) throw new Error('No WebSocket was opened');
      return socket;
    },
    count: () => FakeWebSocket.instances.length,
  };
}
