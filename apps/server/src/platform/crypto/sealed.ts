import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encrypts and authenticates a value (AES-256-GCM) for the client to keep, e.g. in a
 * cookie: it can neither read nor change it, and it stops opening after `ttlMs`.
 */
export function seal(options: { key: Buffer; value: unknown; now: Date; ttlMs: number }): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', options.key, iv);
  const plain = JSON.stringify({ v: options.value, exp: options.now.getTime() + options.ttlMs });
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
}

/** The sealed value, or undefined when it was changed, sealed under another key or expired. */
export function unseal(options: { key: Buffer; sealed: string; now: Date }): unknown {
  const bytes = Buffer.from(options.sealed, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', options.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const { v, exp } = JSON.parse(plain) as { v: unknown; exp: number };
    return typeof exp === 'number' && exp > options.now.getTime() ? v : undefined;
  } catch {
    return undefined;
  }
}
