import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import type { SessionEvents } from './modules/auth/session-events';
import type { EraseRemovedTextLater } from './modules/encryption/removed-text.service';
import { deriveKey } from './platform/crypto/secrets';
import type { UnlockedKeys } from './platform/crypto/unlocked-keys';
import type { QueuedMail } from './platform/mail/mail-queue';
import type { Payments } from './platform/payments/payments';
import type { RateLimiter } from './platform/rate-limit/rate-limiter';
import type { FileStorage } from './platform/storage/storage';

export interface AppKeys {
  accessKey: Uint8Array;
  codeKey: Buffer;
  providerStateKey: Buffer;
  /** Mixed into every key derived from an encryption PIN or password. */
  encryptionKey: Buffer;
  /** Wraps the data keys held for unlocked sessions. */
  unlockKey: Buffer;
  /** Seals each shared link's secret for its owner's link manager. */
  shareLinkKey: Buffer;
}

/** What the services share, built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  keys: AppKeys;
  limiter: RateLimiter;
  storage: FileStorage;
  sessionEvents: SessionEvents;
  /** Data keys unlocked in sessions (memory, or Redis when set). */
  unlockedKeys: UnlockedKeys;
  /** Card payments: Stripe, or the offline sandbox. */
  payments: Payments;
  /** After conversation text was sealed, opened or removed: see removed-text.service.ts. */
  eraseRemovedTextLater: EraseRemovedTextLater;
  /** `db`: a transaction to queue within, so the mail goes only if it commits. */
  queueMail(mail: QueuedMail, db?: Database): Promise<void>;
}

/** Keys derived from APP_SECRET, one per purpose. */
export function deriveAppKeys(config: Config): AppKeys {
  const secret = config.appSecret;
  if (!secret) throw new Error('APP_SECRET is not resolved: call resolveAppSecret before buildApp');
  return {
    accessKey: new Uint8Array(deriveKey(secret, 'access-token')),
    codeKey: deriveKey(secret, 'verification-code'),
    providerStateKey: deriveKey(secret, 'provider-sign-in-state'),
    encryptionKey: deriveKey(secret, 'conversation-encryption'),
    unlockKey: deriveKey(secret, 'unlocked-data-keys'),
    shareLinkKey: deriveKey(secret, 'share-links'),
  };
}
