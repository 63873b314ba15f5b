import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubWebSocket } from '../../../test/fake-socket';
import { CONTEXT_CHANGED_CLOSE_CODE, CONTEXT_UPDATED_CLOSE_CODE, ChatSocket } from './chat-socket';

function socketUnderTest() {
  const sockets = stubWebSocket();
  const onContextChanged = vi.fn<() => 'reconnect' | 'reload'>(() => 'reload');
  const chat = new ChatSocket({
    url: 'ws://themis.test/ws',
    refreshSession: () => Promise.resolve('refreshed'),
    toLogin: vi.fn(),
    onContextChanged,
  });
  return { sockets, chat, onContextChanged };
}

describe('the tab’s socket kept open on every page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('connects with nothing followed and comes back after a dropped connection', () => {
    const { sockets, chat } = socketUnderTest();
    chat.keepOpen();
    expect(sockets.count()).toBe(1);
    sockets.latest().open();
    sockets.latest().drop();
    vi.runOnlyPendingTimers();
    expect(sockets.count()).toBe(2);
    chat.dispose();
  });

  it('on new rules in the same context tells its listeners and reconnects, without reloading', () => {
    const { sockets, chat, onContextChanged } = socketUnderTest();
    const updated = vi.fn();
    chat.onContextUpdated(updated);
    chat.keepOpen();
    sockets.latest().open();
    sockets.latest().drop(CONTEXT_UPDATED_CLOSE_CODE);
    expect(updated).toHaveBeenCalledTimes(1);
    expect(onContextChanged).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(sockets.count()).toBe(2);
    chat.dispose();
  });

  it('on another context asks whether to reload, and does not reconnect when it reloads', () => {
    const { sockets, chat, onContextChanged } = socketUnderTest();
    const updated = vi.fn();
    chat.onContextUpdated(updated);
    chat.keepOpen();
    sockets.latest().open();
    sockets.latest().drop(CONTEXT_CHANGED_CLOSE_CODE);
    expect(onContextChanged).toHaveBeenCalledTimes(1);
    expect(updated).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(sockets.count()).toBe(1);
    chat.dispose();
  });
});
