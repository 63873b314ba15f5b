import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { deriveKey } from '../../platform/crypto/secrets';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';
import type { FileStorage } from '../../platform/storage/storage';
import type { AuthContext } from './auth.context';

/** Everything the auth services need, with keys derived from APP_SECRET. */
export function buildAuthContext(options: {
  config: Config;
  db: Database;
  now: () => Date;
  queueMail: AuthContext['queueMail'];
  limiter: RateLimiter;
  storage: FileStorage;
}): AuthContext {
  const secret = options.config.appSecret;
  if (!secret) throw new Error('APP_SECRET is not resolved: call resolveAppSecret before buildApp');
  return {
    db: options.db,
    config: options.config,
    now: options.now,
    keys: {
      accessKey: new Uint8Array(deriveKey(secret, 'access-token')),
      codeKey: deriveKey(secret, 'verification-code'),
      providerStateKey: deriveKey(secret, 'provider-sign-in-state'),
    },
    limiter: options.limiter,
    storage: options.storage,
    queueMail: options.queueMail,
  };
}
