import type { Redis } from 'ioredis';

/** Tells every instance (or, without Redis, this one) about an event on a named channel. */
export interface Broadcast {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: unknown) => void): void;
  /** Settles once the channels are listened to (or listening failed): events then arrive. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

interface BroadcastLog {
  warn(details: object, message: string): void;
}

/** One process: handlers are called on the next tick, as they would be through Redis. */
export function createMemoryBroadcast(): Broadcast {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  return {
    async publish(channel, payload) {
      const copy: unknown = JSON.parse(JSON.stringify(payload));
      await Promise.resolve();
      for (const handler of handlers.get(channel) ?? []) handler(copy);
    },
    subscribe(channel, handler) {
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
    },
    ready: async () => undefined,
    async close() {
      handlers.clear();
    },
  };
}

/** Redis pub/sub: a second connection listens, since a subscribed one can do nothing else. */
export function createRedisBroadcast(options: { redis: Redis; log: BroadcastLog }): Broadcast {
  const { redis, log } = options;
  const subscriber = redis.duplicate();
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  let settleReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    settleReady = resolve;
  });
  // A Redis that is down does not hold the start-up: the link comes back by itself.
  subscriber.on('error', () => settleReady());
  subscriber.on('message', (channel: string, raw: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of handlers.get(channel) ?? []) handler(payload);
  });
  // Commands fail while disconnected (no offline queue): (re)subscribe whenever the link is up.
  subscriber.on('ready', () => {
    const channels = [...handlers.keys()];
    if (channels.length === 0) return settleReady();
    subscriber
      .subscribe(...channels)
      .catch((err: unknown) => log.warn({ err }, 'broadcast not subscribed'))
      .finally(settleReady);
  });
  return {
    async publish(channel, payload) {
      await redis.publish(channel, JSON.stringify(payload));
    },
    subscribe(channel, handler) {
      const known = handlers.has(channel);
      handlers.set(channel, [...(handlers.get(channel) ?? []), handler]);
      if (!known && subscriber.status === 'ready') {
        subscriber
          .subscribe(channel)
          .catch((err: unknown) => log.warn({ err }, 'broadcast not subscribed'));
      }
    },
    ready: () => ready,
    async close() {
      settleReady();
      await subscriber.quit().catch(() => undefined);
    },
  };
}
