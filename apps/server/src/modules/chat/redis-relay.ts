import type { Redis } from 'ioredis';
import type { ChatLog } from './chat.context';
import type { HubRelay, RelayEvent } from './stream-hub';

const CHANNEL = 'themis:chat';

/**
 * Joins the hubs of several instances through Redis pub/sub, so a tab connected to one
 * instance follows an answer written by another. A lost event costs that tab live text
 * only: the answer is still stored, and a reload reads it.
 */
export function createRedisRelay(options: { redis: Redis; log: ChatLog }): HubRelay {
  const { redis, log } = options;
  // A subscribed connection can do nothing else, hence a second one.
  const subscriber = redis.duplicate();
  const handlers: ((event: RelayEvent) => void)[] = [];
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, payload: string) => {
    let event: RelayEvent;
    try {
      event = JSON.parse(payload) as RelayEvent;
    } catch {
      return;
    }
    for (const handler of handlers) handler(event);
  });
  // Commands fail while disconnected (no offline queue): subscribe once the link is up.
  subscriber.on('ready', () => {
    subscriber
      .subscribe(CHANNEL)
      .catch((err: unknown) => log.warn({ err }, 'chat relay not subscribed'));
  });
  let failing = false;
  return {
    publish(event) {
      redis.publish(CHANNEL, JSON.stringify(event)).then(
        () => {
          failing = false;
        },
        (err: unknown) => {
          // One line per outage, not one per delta.
          if (!failing) log.warn({ err }, 'chat events not relayed');
          failing = true;
        },
      );
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    async close() {
      await subscriber.quit().catch(() => undefined);
    },
  };
}
