import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@themis/shared';
import type { AppContext } from '../../app-context';
import { ZPictureBytes } from '../../plugins/picture-form';
import { requireActor } from '../auth';
import { findAvatar } from './user-avatar.service';

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
              content: { 'image/webp': { schema: ZPictureBytes } },
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
