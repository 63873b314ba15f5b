import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { deriveAppKeys, type AppContext } from '../app-context';
import type { Config } from '../config';
import { createSessionEvents } from '../modules/auth/session-events';
import { eraseRemovedTextLater } from '../modules/encryption/removed-text.service';
import {
  createMemoryUnlockedKeys,
  createRedisUnlockedKeys,
} from '../platform/crypto/unlocked-keys';
import { createLlmGateway } from '../platform/llm/llm-gateway';
import { createMailQueue } from '../platform/mail/mail-queue';
import { createMailTransport } from '../platform/mail/create-mail-transport';
import type { MailTransport } from '../platform/mail/mail-transport';
import { createPayments } from '../platform/payments/create-payments';
import { createMemoryRateLimiter, type RateLimiter } from '../platform/rate-limit/rate-limiter';
import { createRedisRateLimiter } from '../platform/rate-limit/redis-rate-limiter';
import { createRedisClient } from '../platform/redis/redis-client';
import {
  createMemoryBroadcast,
  createRedisBroadcast,
  type Broadcast,
} from '../platform/realtime/broadcast';
import { createFileStorage } from '../platform/storage/create-storage';
import type { AppDependencies } from './dependencies';

/** The adapters the instance shares with the others through Redis, or keeps in memory. */
export interface PlatformServices {
  mailTransport: MailTransport;
  redis: Redis | undefined;
  limiter: RateLimiter;
  broadcast: Broadcast;
}

/** Mail, models, and what instances share (Redis when REDIS_URL is set, else memory). */
export async function connectPlatform(
  app: FastifyInstance,
  options: { config: Config; deps: Pick<AppDependencies, 'database' | 'llm'>; now: () => Date },
): Promise<PlatformServices> {
  const { config, deps, now } = options;
  const mailTransport = createMailTransport(config, deps.database.db, app.log);
  app.decorate('mail', createMailQueue(deps.database.db, config.contactEmail));

  app.decorate('llm', deps.llm ?? createLlmGateway({ config, log: app.log }));

  const redis = config.redisUrl ? await createRedisClient(config.redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  const limiter = redis
    ? createRedisRateLimiter({
        redis,
        onError: (error) => app.log.warn({ err: error }, 'rate limit not checked: redis failed'),
      })
    : // The app's clock, like the code cooldowns kept in the database beside these windows.
      createMemoryRateLimiter(() => now().getTime());

  const broadcast = redis ? createRedisBroadcast({ redis, log: app.log }) : createMemoryBroadcast();
  app.addHook('onReady', () => broadcast.ready());
  app.addHook('onClose', () => broadcast.close());
  return { mailTransport, redis, limiter, broadcast };
}

/** What the services share: keys from APP_SECRET, storage, payments, session events. */
export async function createAppContext(
  app: FastifyInstance,
  options: {
    config: Config;
    deps: Pick<AppDependencies, 'database' | 'storage'>;
    now: () => Date;
    platform: PlatformServices;
  },
): Promise<AppContext> {
  const { config, deps, now, platform } = options;
  const { redis } = platform;
  const appKeys = deriveAppKeys(config);
  const unlockedKeys = redis
    ? createRedisUnlockedKeys({ redis, unlockKey: appKeys.unlockKey })
    : createMemoryUnlockedKeys({ unlockKey: appKeys.unlockKey, now });
  return {
    config,
    db: deps.database.db,
    now,
    log: app.log,
    keys: appKeys,
    limiter: platform.limiter,
    storage: deps.storage ?? (await createFileStorage(config)),
    payments: await createPayments(config, now),
    sessionEvents: createSessionEvents({
      broadcast: platform.broadcast,
      unlockedKeys,
      log: app.log,
    }),
    unlockedKeys,
    eraseRemovedTextLater: eraseRemovedTextLater(deps.database.kind),
    queueMail: (mail, db) => app.mail.queue(mail, db),
  };
}

const PAYMENTS_NOTES = {
  stripe: 'payments: Stripe',
  sandbox: 'payments: the offline sandbox, which charges no card',
  off: 'payments: none, so paid plans cannot be bought (set the STRIPE_* keys, or PAYMENTS=sandbox)',
} as const;

/** Start-up says which payments run; a sandbox in production is worth a warning. */
export function logPayments(log: FastifyBaseLogger, config: Config): void {
  const level = config.isProduction && config.payments !== 'stripe' ? 'warn' : 'info';
  log[level]({ payments: config.payments }, PAYMENTS_NOTES[config.payments]);
}
