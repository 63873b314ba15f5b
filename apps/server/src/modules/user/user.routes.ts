import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptedResponse,
  ZChangePasswordRequest,
  ZDeleteAccountRequest,
  ZSendVerificationCodeRequest,
  ZAccountUpdateFields,
  ZConnectedServiceList,
  ZErrorResponse,
  ZOkResponse,
  ZSessionList,
  ZSetPasswordRequest,
  ZUserResponse,
} from '@themis/shared';
import {
  changePassword,
  clearSessionCookies,
  listSessions,
  requireActor,
  revokeSession,
  revokeUserSessions,
  sendAccountCode,
  setFirstPassword,
} from '../auth';
import { deleteAccount } from './account-deletion.service';
import type { AppContext } from '../../app-context';
import { AppError } from '../../errors';
import { acceptPictureForm, pictureChangeOf } from '../../plugins/picture-form';
import { userAvatarRoutes } from './user-avatar.routes';
import { getUser, listConnectedServices, updatePersonalDetails } from './user.service';

/** The text fields of the account form (spec §3 Account update payload). */
const ACCOUNT_FORM_FIELDS = ['name', 'surname', 'email', 'phone_prefix', 'phone_number'];

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  413: ZErrorResponse,
  429: ZErrorResponse,
};

export function userRoutes(ctx: AppContext) {
  const { db, now, storage } = ctx;
  const publicOrigin = ctx.config.publicUrl.origin;
  return async (app: FastifyInstance) => {
    // Before the body is even parsed: nothing of an anonymous request is looked at.
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['user'];

    r.get(
      '/user/get',
      {
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: ZUserResponse, ...errors },
        },
      },
      async (request) => getUser({ ctx, actor: requireActor(request), publicOrigin }),
    );

    // Its own scope: only this route reads multipart bodies, the others still answer 415.
    await app.register(async (scope) => {
      await acceptPictureForm(scope, ACCOUNT_FORM_FIELDS);
      scope.withTypeProvider<ZodTypeProvider>().put(
        '/user/update',
        {
          schema: {
            tags,
            summary: 'Update personal details and the profile picture',
            description:
              'JSON, or multipart/form-data with the same text fields and an optional `avatar` ' +
              'part: a png or jpeg file (at most 5 MB) sets the picture, an empty value ' +
              'removes it, no part keeps it. `email` is read-only and ignored.',
            consumes: ['application/json', 'multipart/form-data'],
            body: ZAccountUpdateFields,
            response: { 200: ZUserResponse, ...errors },
          },
        },
        async (request) =>
          updatePersonalDetails({
            ctx,
            storage,
            log: request.log,
            actor: requireActor(request),
            now: now(),
            publicOrigin,
            data: request.body,
            avatar: pictureChangeOf(request),
          }),
      );
    });
    await app.register(userAvatarRoutes(ctx));

    r.post(
      '/user/set-password',
      {
        schema: {
          tags,
          summary: 'Set the first password of an account created through Google',
          body: ZSetPasswordRequest,
          response: { 200: ZUserResponse, ...errors },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await setFirstPassword({ ctx, actor, data: request.body });
        return getUser({ ctx, actor, publicOrigin });
      },
    );

    r.get(
      '/user/session/list',
      {
        schema: { tags, summary: 'Connected devices', response: { 200: ZSessionList, ...errors } },
      },
      async (request) => listSessions({ db, now: now(), actor: requireActor(request) }),
    );

    r.delete(
      '/user/session/delete/:session_pk',
      {
        schema: {
          tags,
          summary: 'Sign out one device',
          params: z.object({ session_pk: z.uuid() }),
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        const revoked = await revokeSession({
          ctx,
          actor: requireActor(request),
          sessionId: request.params.session_pk,
          reason: 'signed_out_by_user',
        });
        if (!revoked) throw new AppError('not_found', 404, 'session not found');
        return { status: 'ok' as const };
      },
    );

    r.post(
      '/user/session/delete-others',
      {
        schema: {
          tags,
          summary: 'Sign out every other device',
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        const actor = requireActor(request);
        await revokeUserSessions({
          ctx,
          userId: actor.userId,
          except: actor.sessionId,
          reason: 'signed_out_by_user',
        });
        return { status: 'ok' as const };
      },
    );

    r.post(
      '/user/send-verification-code',
      {
        schema: {
          tags,
          summary: 'E-mail a code for a password change or the account deletion',
          body: ZSendVerificationCodeRequest,
          response: { 202: ZAcceptedResponse, ...errors },
        },
      },
      async (request, reply) => {
        const kind = request.body.verification_code_type;
        await sendAccountCode({ ctx, actor: requireActor(request), kind });
        return reply.status(202).send({ status: 'accepted' });
      },
    );

    r.post(
      '/user/change-password',
      {
        schema: {
          tags,
          summary: 'Set a new password with the e-mailed code; other devices are signed out',
          body: ZChangePasswordRequest,
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await changePassword({
          ctx,
          actor: requireActor(request),
          ip: request.ip,
          data: request.body,
        });
        return { status: 'ok' as const };
      },
    );

    r.delete(
      '/user/delete',
      {
        schema: {
          tags,
          summary: 'Delete the account and its data, with the password and the e-mailed code',
          body: ZDeleteAccountRequest,
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request, reply) => {
        await deleteAccount({
          ctx,
          log: request.log,
          actor: requireActor(request),
          ip: request.ip,
          data: request.body,
        });
        clearSessionCookies(reply, ctx.config);
        return { status: 'ok' as const };
      },
    );

    r.get(
      '/user/external-provider/list',
      {
        schema: {
          tags,
          summary: 'Connected services: linked providers, and system for a password',
          response: { 200: ZConnectedServiceList, ...errors },
        },
      },
      async (request) => listConnectedServices({ db, actor: requireActor(request) }),
    );
  };
}
