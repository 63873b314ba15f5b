import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { hashRaw } from '@node-rs/argon2';

// Conversation encryption (architecture §6): a random data key per user, stored only wrapped
// by a key derived from the user's PIN or password (argon2id) mixed with a server key
// (HKDF), so a copy of the database alone cannot be searched for the PIN. Every sealed value
// is AES-256-GCM with a fresh nonce and additional data naming its owner, row and field.

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT_BYTES = 16;
const TEXT_PREFIX = 'enc:v1:';
const FILE_MAGIC = Buffer.from('THEMISENC1');

/** The argon2id cost of deriving a key from a credential; stored with each user's key. */
export interface KdfParams {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** OWASP's argon2id option of 46 MiB, one pass, one lane. */
export const KDF_PARAMS: KdfParams = { memoryCost: 47_104, timeCost: 1, parallelism: 1 };

/** A value that did not open: changed, moved to another row or user, or a wrong key. */
export class SealBrokenError extends Error {
  constructor() {
    super('sealed value did not open');
    this.name = 'SealBrokenError';
  }
}

export const newDataKey = (): Buffer => randomBytes(KEY_BYTES);
export const newSalt = (): Buffer => randomBytes(SALT_BYTES);

/**
 * The key-encryption key: argon2id of the credential under the user's salt, then HKDF with
 * the server key as its salt and the user's id in its info, so it is the user's alone.
 */
export async function deriveKeyEncryptionKey(options: {
  credential: string;
  salt: Buffer;
  serverKey: Buffer;
  userId: string;
  params: KdfParams;
}): Promise<Buffer> {
  const stretched = await hashRaw(options.credential, {
    algorithm: 2, // argon2id
    salt: options.salt,
    outputLen: KEY_BYTES,
    ...options.params,
  });
  return Buffer.from(
    hkdfSync('sha256', stretched, options.serverKey, `themis/kek/v1|${options.userId}`, KEY_BYTES),
  );
}

/** AES-256-GCM of `plain`: iv, tag and ciphertext, in that order. */
export function aesGcmSeal(key: Buffer, plain: Buffer, aad: Buffer, iv = randomBytes(IV_BYTES)) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
}

/** The plaintext of aesGcmSeal's output; throws SealBrokenError if anything differs. */
export function aesGcmOpen(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new SealBrokenError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(aad);
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new SealBrokenError();
  }
}

const dataKeyAad = (userId: string) => Buffer.from(`themis/dek/v1|${userId}`);

/** The data key wrapped under the key-encryption key, for the user's row. */
export function wrapDataKey(options: { kek: Buffer; dataKey: Buffer; userId: string }): string {
  return aesGcmSeal(options.kek, options.dataKey, dataKeyAad(options.userId)).toString('base64url');
}

/** The data key, or undefined when the credential (so the key) is wrong. */
export function unwrapDataKey(options: {
  kek: Buffer;
  wrapped: string;
  userId: string;
}): Buffer | undefined {
  try {
    const key = aesGcmOpen(
      options.kek,
      Buffer.from(options.wrapped, 'base64url'),
      dataKeyAad(options.userId),
    );
    return key.length === KEY_BYTES ? key : undefined;
  } catch {
    return undefined;
  }
}

/** Where a sealed value belongs: opening it anywhere else fails. */
export interface SealAddress {
  /** The user whose data key seals it. */
  owner: string;
  table: string;
  rowId: string;
  field: string;
}

const addressAad = ({ owner, table, rowId, field }: SealAddress) =>
  Buffer.from(`themis/v1|${owner}|${table}|${rowId}|${field}`);

/** Whether a stored text is sealed (rather than plain). */
const isSealedText = (value: string): boolean => value.startsWith(TEXT_PREFIX);

export function sealText(dataKey: Buffer, address: SealAddress, plain: string): string {
  const sealed = aesGcmSeal(dataKey, Buffer.from(plain, 'utf8'), addressAad(address));
  return TEXT_PREFIX + sealed.toString('base64url');
}

export function openText(dataKey: Buffer, address: SealAddress, sealed: string): string {
  if (!isSealedText(sealed)) throw new SealBrokenError();
  const bytes = Buffer.from(sealed.slice(TEXT_PREFIX.length), 'base64url');
  return aesGcmOpen(dataKey, bytes, addressAad(address)).toString('utf8');
}

/** Whether stored file bytes are sealed. */
const isSealedFile = (bytes: Buffer): boolean =>
  bytes.subarray(0, FILE_MAGIC.length).equals(FILE_MAGIC);

export function sealFile(dataKey: Buffer, address: SealAddress, plain: Buffer): Buffer {
  return Buffer.concat([FILE_MAGIC, aesGcmSeal(dataKey, plain, addressAad(address))]);
}

export function openFile(dataKey: Buffer, address: SealAddress, sealed: Buffer): Buffer {
  if (!isSealedFile(sealed)) throw new SealBrokenError();
  return aesGcmOpen(dataKey, sealed.subarray(FILE_MAGIC.length), addressAad(address));
}
