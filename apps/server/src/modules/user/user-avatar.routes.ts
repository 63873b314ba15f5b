import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_UPLOAD_MAX_BYTES, ZErrorResponse } from '@themis/shared';
import { refuseNul } from '../../plugins/input-guard';
import { invalidPart, readFilePart, readMultipartForm } from '../../plugins/multipart-form';
import type { AppContext } from '../../app-context';
import { requireActor } from '../auth/auth.guard';
import { findAvatar, type AvatarChange } from './user-avatar.service';

/** The text fields of the account form; others are ignored, as unknown JSON keys are. */
const TEXT_FIELDS = new Set(['name', 'surname', 'email', 'phone_prefix', 'phone_number']);

// Enough for the form and one picture, nothing more: a longer value is refused, not cut.
const FORM_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 10,
  // One more than allowed, so that a second file is seen and refused as invalid (400).
  files: 2,
  fileSize: IMAGE_UPLOAD_MAX_BYTES,
  parts: 12,
  headerPairs: 20,
};

// Sent as bytes (Fastify does not serialize a Buffer); described for the OpenAPI document.
const ZPicture = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

const avatarChanges = new WeakMap<FastifyRequest, AvatarChange>();

/** The picture change a multipart account update asked for; 'keep' for a JSON one. */
export const avatarChangeOf = (request: FastifyRequest): AvatarChange =>
  avatarChanges.get(request) ?? { kind: 'keep' };

async function readAccountForm(request: FastifyRequest) {
  const fields: Record<string, unknown> = {};
  let avatar: AvatarChange | undefined;
  for await (const part of request.parts()) {
    if (part.fieldname === 'avatar' && avatar) throw invalidPart('avatar');
    if (part.type === 'field') {
      if (part.fieldname === 'avatar') {
        // The web app sends an empty value to remove the picture; nothing else is text.
        if (part.value !== '') throw invalidPart('avatar');
        avatar = { kind: 'remove' };
      } else if (TEXT_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated) throw invalidPart(part.fieldname);
        fields[part.fieldname] = part.value;
      }
      continue;
    }
    if (part.fieldname !== 'avatar') throw invalidPart(part.fieldname);
    const bytes = await readFilePart(part);
    // An empty file input without a file chosen removes; an empty named file is invalid.
    avatar = bytes.length === 0 && !part.filename ? { kind: 'remove' } : { kind: 'set', bytes };
  }
  return { fields, avatar: avatar ?? { kind: 'keep' } };
}

/**
 * Lets the routes of `scope` take multipart/form-data: the text fields become the body,
 * which the route's schema then validates as it does JSON, and the `avatar` part is kept
 * for avatarChangeOf.
 */
export async function acceptAccountForm(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { limits: FORM_LIMITS });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const form = await readMultipartForm(request, readAccountForm);
    refuseNul(form.fields);
    request.body = form.fields;
    avatarChanges.set(request, form.avatar);
  });
}

/** The signed-in user's pictures; registered under the user routes' authentication. */
export function userAvatarRoutes(ctx: AppContext) {
  const { db, storage } = ctx;
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/user/avatar/:fileId',
      {
        schema: {
          tags: ['user'],
          summary: 'A profile picture (image/webp), by the file id in avatar_url',
          params: z.object({ fileId: z.string() }),
          response: {
            200: {
              description: 'The picture',
              content: { 'image/webp': { schema: ZPicture } },
            },
            401: ZErrorResponse,
            404: ZErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const file = await findAvatar({
          db,
          storage,
          actor: requireActor(request),
          fileId: request.params.fileId,
        });
        // The id changes with every upload, so a cached copy never goes stale.
        return reply
          .header('cache-control', 'private, max-age=31536000, immutable')
          .type(file.contentType)
          .send(file.bytes);
      },
    );
  };
}
