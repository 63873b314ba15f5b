/**
 * An unlock is the session's, so every tab of this browser may read the encrypted
 * conversations from then on: the tab that unlocked tells the others over a
 * BroadcastChannel, and they fetch what they showed locked again. One channel per tab both
 * sends and listens, so a tab is not told of its own unlock.
 */
const CHANNEL = 'themis-encryption-unlocked';

let channel: BroadcastChannel | undefined;
const listeners = new Set<() => void>();

function tabChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => {
      for (const listener of listeners) listener();
    };
  }
  return channel;
}

export function announceUnlocked(): void {
  tabChannel()?.postMessage('unlocked');
}

/** Calls `listener` when another tab unlocked; returns the unsubscribe. */
export function onUnlockedElsewhere(listener: () => void): () => void {
  tabChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
