import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_MEDIA_TYPES, ZErrorResponse, ZExportQuery } from '@themis/shared';
import type { AppContext } from '../../app-context';
import type { LlmGateway } from '../../platform/llm/llm';
import { requestOrigin, requireActor } from '../auth';
import { contentDisposition } from './export-filename';
import { exportConversation, exportSharedConversation, type ExportedFile } from './export.service';

const ZFileBytes = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

const fileResponse = {
  description: 'The file: DOCX, PDF or Markdown, by `format`',
  content: Object.fromEntries(
    Object.values(EXPORT_MEDIA_TYPES).map((type) => [type, { schema: ZFileBytes }]),
  ),
};
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  429: ZErrorResponse,
};

function sendFile(reply: FastifyReply, file: ExportedFile) {
  return reply
    .type(EXPORT_MEDIA_TYPES[file.format])
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(file.bytes);
}

/** A conversation, or what a shared link shows, as a file for the case file. */
export function exportRoutes(ctx: AppContext, llm: LlmGateway) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['export'];

    r.get(
      '/conversation/export/:pk',
      {
        schema: {
          tags,
          summary: 'The conversation as DOCX, PDF or Markdown, as it is shown',
          description:
            'The messages shown (not other versions), the files by name, each answer’s sources ' +
            'and the notice, with the letterhead of the context. An encrypted conversation ' +
            'exports only in a session that has it unlocked (403 decryption_locked); an ' +
            'organization may turn exporting off (403 export_disabled). Limited per user (429).',
          params: z.object({ pk: z.uuid() }),
          querystring: ZExportQuery,
          response: { 200: fileResponse, ...errors },
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          await exportConversation({
            ctx,
            llm,
            actor: requireActor(request),
            conversationId: request.params.pk,
            format: request.query.format,
            timeZone: request.query.time_zone,
            language: request.query.lang,
            origin: requestOrigin(request),
          }),
        ),
    );

    r.get(
      '/conversation/share/export/:secret',
      {
        schema: {
          tags,
          summary: 'What a shared link shows, as DOCX, PDF or Markdown',
          description:
            'The copy taken when the link was shared. A link that does not open to the ' +
            'visitor: 404 not_found, as when reading it; exporting turned off by the link’s ' +
            'organization or the visitor’s: 403 export_disabled.',
          params: z.object({ secret: z.string().max(200) }),
          querystring: ZExportQuery,
          response: { 200: fileResponse, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('referrer-policy', 'no-referrer');
        return sendFile(
          reply,
          await exportSharedConversation({
            ctx,
            llm,
            actor: requireActor(request),
            ip: request.ip,
            secret: request.params.secret,
            format: request.query.format,
            timeZone: request.query.time_zone,
            language: request.query.lang,
            origin: requestOrigin(request),
          }),
        );
      },
    );
  };
}
