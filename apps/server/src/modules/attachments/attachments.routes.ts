import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_FILE_MAX_BYTES, ZAttachment, ZErrorResponse, ZOkResponse } from '@themis/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import type { FileStorage } from '../../platform/storage/storage';
import { invalidPart, readFilePart, readMultipartForm } from '../../plugins/multipart-form';
import { requireActor } from '../auth';
import { admitUpload, deleteAttachment, uploadAttachment } from './attachments.service';

// One file and nothing else: a second file is seen (the limit is one more) and refused.
const FORM_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 1024,
  fields: 5,
  files: 2,
  fileSize: CHAT_FILE_MAX_BYTES,
  parts: 7,
  headerPairs: 20,
};

const FILE_FIELD = 'file';

async function readUploadForm(request: FastifyRequest) {
  let upload: { bytes: Buffer; filename: string } | undefined;
  for await (const part of request.parts()) {
    if (part.type === 'field') continue;
    if (part.fieldname !== FILE_FIELD || upload) throw invalidPart(part.fieldname);
    upload = { bytes: await readFilePart(part), filename: part.filename };
  }
  if (!upload) throw invalidPart(FILE_FIELD);
  return upload;
}

async function readUpload(request: FastifyRequest) {
  if (!request.isMultipart()) {
    throw new AppError('unsupported_media_type', 415, 'multipart/form-data expected');
  }
  return readMultipartForm(request, readUploadForm);
}

/** Files attached to a question before it is sent. */
export function attachmentRoutes(deps: {
  db: Database;
  storage: FileStorage;
  unlockedKeys: UnlockedKeys;
}) {
  const { db, storage, unlockedKeys } = deps;
  return async (app: FastifyInstance) => {
    // Before the body is even parsed: nothing of an anonymous request is looked at.
    await app.register(multipart, { limits: FORM_LIMITS });
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['chat'];

    r.post(
      '/conversation/attachment/upload/:conversation_pk',
      {
        schema: {
          tags,
          summary: 'Attaches a file (pdf, doc, docx, png, jpeg) to the next question',
          description:
            'multipart/form-data with one `file` part. The type is decided by the content; ' +
            'text is extracted from documents at upload.',
          consumes: ['multipart/form-data'],
          params: z.object({ conversation_pk: z.string() }),
          response: {
            201: ZAttachment,
            400: ZErrorResponse,
            401: ZErrorResponse,
            404: ZErrorResponse,
            413: ZErrorResponse,
            415: ZErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const actor = requireActor(request);
        const conversationId = request.params.conversation_pk;
        const { sealer } = await admitUpload({ db, unlockedKeys, actor, conversationId });
        const upload = await readUpload(request);
        const attachment = await uploadAttachment({
          db,
          storage,
          log: request.log,
          userId: actor.userId,
          conversationId,
          filename: upload.filename,
          bytes: upload.bytes,
          sealer,
        });
        return reply.code(201).send(attachment);
      },
    );

    r.delete(
      '/conversation/attachment/delete/:pk',
      {
        schema: {
          tags,
          summary: 'Removes an attachment that has not been sent yet',
          params: z.object({ pk: z.string() }),
          response: { 200: ZOkResponse, 401: ZErrorResponse, 404: ZErrorResponse },
        },
      },
      async (request) => {
        await deleteAttachment({
          db,
          storage,
          log: request.log,
          actor: requireActor(request),
          attachmentId: request.params.pk,
        });
        return { status: 'ok' as const };
      },
    );
  };
}
