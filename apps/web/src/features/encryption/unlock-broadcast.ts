/**
 * An unlock is the session's, so every tab of this browser may read the encrypted
 * conversations from then on: the tab that unlocked tells the others over a
 * BroadcastChannel, and they fetch what they showed locked again. Locking is the session's
 * too, and told the same way. One channel per tab both sends and listens, so a tab is not
 * told of its own change.
 */
const CHANNEL = 'themis-encryption-unlocked';

type Change = 'unlocked' | 'locked';

let channel: BroadcastChannel | undefined;
const listeners: Record<Change, Set<() => void>> = { unlocked: new Set(), locked: new Set() };

function tabChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const change: Change = event.data === 'locked' ? 'locked' : 'unlocked';
      for (const listener of listeners[change]) listener();
    };
  }
  return channel;
}

function listen(change: Change, listener: () => void): () => void {
  tabChannel();
  listeners[change].add(listener);
  return () => {
    listeners[change].delete(listener);
  };
}

export function announceUnlocked(): void {
  tabChannel()?.postMessage('unlocked');
}

export function announceLocked(): void {
  tabChannel()?.postMessage('locked');
}

/** Calls `listener` when another tab unlocked; returns the unsubscribe. */
export function onUnlockedElsewhere(listener: () => void): () => void {
  return listen('unlocked', listener);
}

/** Calls `listener` when another tab locked the session again; returns the unsubscribe. */
export function onLockedElsewhere(listener: () => void): () => void {
  return listen('locked', listener);
}
