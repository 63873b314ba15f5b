import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreateEncryptionSecretsRequest,
  ZDeleteEncryptionSecretsQuery,
  ZDisableEncryptionRequest,
  ZEncryptedCountQuery,
  ZEncryptedCountResponse,
  ZEncryptionStatus,
  ZErrorResponse,
  ZUnlockDecryptionRequest,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requireActor } from '../auth';
import {
  deleteEncryptionSecrets,
  disableEncryption,
  enableEncryption,
} from './encryption-switches.service';
import { countEncryptedConversations } from './encryption-sync.service';
import { createEncryptionSecrets, lockDecryption, unlockDecryption } from './encryption.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
};

const SYNC_NOTE =
  'The conversations change in a background job; `conversations_pending` in the answer ' +
  'and in /user/get counts what it still has to do.';

export function encryptionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['encryption'];

    r.post(
      '/user/create-encryption-secrets',
      {
        schema: {
          tags,
          summary: 'Set the PIN or password protecting the data key, or replace it once unlocked',
          description:
            'The first credential makes the user’s data key; a later one wraps the same key ' +
            'again and needs it unlocked in this session (403 decryption_locked otherwise). ' +
            'Either way the session is unlocked afterwards. A forgotten credential cannot be ' +
            'recovered.',
          body: ZCreateEncryptionSecretsRequest,
          response: { 200: ZEncryptionStatus, ...errors },
        },
      },
      async (request) =>
        createEncryptionSecrets({ ctx, actor: requireActor(request), request: request.body }),
    );

    r.get(
      '/user/encrypted-conversations/count',
      {
        schema: {
          tags,
          summary: 'How many of the user’s conversations are encrypted in a scope',
          description:
            'The user’s own profile, one organization of theirs (404 not_found when not a ' +
            'member) or every context: what a DELETE there would remove.',
          querystring: ZEncryptedCountQuery,
          response: { 200: ZEncryptedCountResponse, ...errors, 404: ZErrorResponse },
        },
      },
      async (request) => ({
        count: await countEncryptedConversations({
          db: ctx.db,
          actor: requireActor(request),
          query: request.query,
        }),
      }),
    );

    r.post(
      '/user/unlock-decryption',
      {
        schema: {
          tags,
          summary: 'Unlock the data key for this session with the PIN or password',
          description:
            'A wrong credential answers 400 incorrect_decryption_password. After 5 wrong ' +
            'ones in a row, unlocking waits 1, 2, 4… minutes (at most a day) between ' +
            'attempts: 429 rate_limited with Retry-After.',
          body: ZUnlockDecryptionRequest,
          response: { 200: ZEncryptionStatus, ...errors, 429: ZErrorResponse },
        },
      },
      async (request) =>
        unlockDecryption({
          ctx,
          actor: requireActor(request),
          credential: request.body.encryption_key,
        }),
    );

    r.post(
      '/user/lock-decryption',
      {
        schema: {
          tags,
          summary: 'Lock the data key again in this session',
          description:
            'The session forgets its unlocked data key: its encrypted conversations answer ' +
            '403 decryption_locked until it is unlocked again. Other sessions stay as they ' +
            'are; an answer already being written is finished and stored encrypted.',
          response: { 200: ZEncryptionStatus, ...errors },
        },
      },
      async (request) => lockDecryption({ ctx, actor: requireActor(request) }),
    );

    r.post(
      '/user/enable-encryption',
      {
        schema: {
          tags,
          summary: 'Encrypt the conversations of the user’s own context, existing ones too',
          description:
            'Needs a plan with the encryption option (400 not_encrypted_user_product), a ' +
            'credential (400 encryption_key_missing) and the data key unlocked in this ' +
            'session (403 decryption_locked). ' +
            SYNC_NOTE,
          response: { 200: ZEncryptionStatus, ...errors },
        },
      },
      async (request) => enableEncryption({ ctx, actor: requireActor(request) }),
    );

    r.post(
      '/user/disable-encryption',
      {
        schema: {
          tags,
          summary: 'Stop encrypting the own context: delete or decrypt its encrypted conversations',
          description:
            'DELETE removes them for good; DECRYPT keeps them as plain text and needs the ' +
            'data key unlocked in this session (403 decryption_locked). ' +
            SYNC_NOTE,
          body: ZDisableEncryptionRequest,
          response: { 200: ZEncryptionStatus, ...errors },
        },
      },
      async (request) =>
        disableEncryption({
          ctx,
          actor: requireActor(request),
          action: request.body.encrypted_conversations_action,
        }),
    );

    r.delete(
      '/user/delete-encryption-secrets',
      {
        schema: {
          tags,
          summary:
            'Remove the PIN or password, deleting or decrypting every encrypted conversation',
          description:
            'For every context: the credential goes once the job has deleted or decrypted ' +
            'them; until then a new one answers 409 encryption_in_progress. DECRYPT needs ' +
            'the data key unlocked in this session. Encryption stays on only where an ' +
            'organization forces it, and asks for a new credential there; DECRYPT is refused ' +
            '(403 encryption_forced) while such an organization holds encrypted ' +
            'conversations of the user. ' +
            SYNC_NOTE,
          querystring: ZDeleteEncryptionSecretsQuery,
          response: { 200: ZEncryptionStatus, ...errors },
        },
      },
      async (request) =>
        deleteEncryptionSecrets({
          ctx,
          actor: requireActor(request),
          action: request.query.encrypted_conversations_action,
        }),
    );
  };
}
