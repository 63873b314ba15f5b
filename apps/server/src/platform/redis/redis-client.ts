import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The connection to Redis (REDIS_URL). Commands fail at once while it is down instead of
 * queueing, so a request never waits on Redis; it reconnects by itself. The client library is
 * loaded only when Redis is configured.
 */
export async function createRedisClient(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    commandTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5000),
  });
  let reported = false;
  redis.on('error', (error: Error) => {
    // One line per outage, not one per reconnection attempt.
    if (!reported) log.error({ err: { message: error.message } }, 'redis unavailable');
    reported = true;
  });
  redis.on('ready', () => {
    if (reported) log.info('redis available again');
    reported = false;
  });
  return redis;
}
