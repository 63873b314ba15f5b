import {
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** An unguessable opaque token for cookies and links (256 bits). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are high-entropy, so a plain digest is enough to store them. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A 6-digit code, uniformly drawn. */
export function randomCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Keys for distinct purposes, derived from APP_SECRET so one secret never serves two uses. */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'themis', purpose, 32));
}

/**
 * Codes have only a million values: they are stored as an HMAC under a server key so a
 * copy of the database alone does not reveal them.
 */
export function hashCode(key: Buffer, subject: string, code: string): string {
  return createHmac('sha256', key).update(`${subject}:${code}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function hashPassword(password: string): Promise<string> {
  return argonHash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await argonVerify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps a login for an unknown address as slow as a real one.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-Aa1');
  await verifyPassword(await dummyHash, password);
}
