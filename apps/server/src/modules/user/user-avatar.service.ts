import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AVATAR_SIZE_PX } from '@themis/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { userFilesPrefix, type FileStorage, type StoredFile } from '../../platform/storage/storage';
import { findVisibleAvatarKey } from './user.repo';

interface ActorRef {
  userId: string;
}

/** What an account update does to the picture. */
export type { PictureChange as AvatarChange } from '../../plugins/picture-form';

const AVATAR_TYPE = 'image/webp';
const FILE_ID = /^[0-9a-f]{32}$/;
const DECODABLE_FORMATS = new Set(['png', 'jpeg']);
// A 5 MB file can still claim an enormous canvas; refuse it before it is decoded.
const MAX_INPUT_PIXELS = 100_000_000;

const avatarKeyFor = (userId: string, fileId: string) =>
  `${userFilesPrefix(userId)}avatar/${fileId}.webp`;
const fileIdOf = (avatarKey: string) => /([0-9a-f]{32})\.webp$/.exec(avatarKey)?.[1] ?? null;

/** The picture's public address, or null without one. The file id changes on every upload. */
export function avatarUrl(publicOrigin: string, avatarKey: string | null): string | null {
  const fileId = avatarKey ? fileIdOf(avatarKey) : null;
  return fileId ? `${publicOrigin}/api/user/avatar/${fileId}` : null;
}

/**
 * Checks by content that the upload is a png or jpeg (whatever its name or declared type),
 * then turns it upright (EXIF), crops it to a square and re-encodes it as webp, which
 * drops every piece of metadata.
 */
export async function renderAvatar(options: { bytes: Buffer }): Promise<Buffer> {
  const invalid = () => new AppError('invalid_file_type', 400, 'not a png or jpeg picture');
  if (options.bytes.length === 0) throw new AppError('file_empty', 400, 'empty picture');
  const { default: sharp } = await import('sharp');
  const input = () => sharp(options.bytes, { limitInputPixels: MAX_INPUT_PIXELS });
  const metadata = await input()
    .metadata()
    .catch(() => {
      throw invalid();
    });
  if (!metadata.format || !DECODABLE_FORMATS.has(metadata.format)) throw invalid();
  return input()
    .autoOrient()
    .resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' })
    .webp({ quality: 85 })
    .toBuffer()
    .catch(() => {
      throw invalid();
    });
}

/** Stores a rendered picture under a fresh random file id and returns its key. */
export async function storeAvatar(options: {
  storage: FileStorage;
  actor: ActorRef;
  picture: Buffer;
}): Promise<string> {
  const key = avatarKeyFor(options.actor.userId, randomBytes(16).toString('hex'));
  await options.storage.put(key, options.picture, AVATAR_TYPE);
  return key;
}

/** Deletes a stored file that is no longer referenced; a failure only leaves an orphan. */
export async function discardFile(options: {
  storage: FileStorage;
  log: FastifyBaseLogger;
  key: string;
}): Promise<void> {
  await options.storage.delete(options.key).catch((error: unknown) => {
    options.log.warn({ err: error, key: options.key }, 'stored file not deleted');
  });
}

/** A picture the actor may see, by its file id; anything else is not found. */
export async function findAvatar(options: {
  db: Database;
  storage: FileStorage;
  actor: ActorRef;
  fileId: string;
}): Promise<StoredFile> {
  const { db, actor, fileId } = options;
  // Checked first, so that the id in the LIKE pattern holds no wildcard.
  if (!FILE_ID.test(fileId)) throw new AppError('not_found', 404, 'picture not found');
  const avatarKey = await findVisibleAvatarKey({
    db,
    viewerId: actor.userId,
    keySuffix: `/${fileId}.webp`,
  });
  const file = avatarKey ? await options.storage.get(avatarKey) : null;
  if (!file) throw new AppError('not_found', 404, 'picture not found');
  return file;
}
