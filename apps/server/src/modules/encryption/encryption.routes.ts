import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZCreateEncryptionSecretsRequest,
  ZEncryptionStatus,
  ZErrorResponse,
  ZUnlockDecryptionRequest,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requireActor } from '../auth/auth.guard';
import { createEncryptionSecrets, unlockDecryption } from './encryption.service';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };

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
  };
}
