import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptedResponse,
  ZChangePasswordRequest,
  ZChoosePlanRequest,
  ZDeleteAccountRequest,
  ZSendVerificationCodeRequest,
  ZChoosePlanResponse,
  ZConnectedServiceList,
  ZErrorResponse,
  ZOkResponse,
  ZPersonalDetailsRequest,
  ZSessionList,
  ZUserResponse,
} from '@themis/shared';
import { changePassword, deleteAccount, sendAccountCode } from '../auth/account-security.service';
import type { AuthContext } from '../auth/auth.context';
import { clearSessionCookies } from '../auth/auth.cookies';
import { AppError } from '../../errors';
import { requireActor } from '../auth/auth.guard';
import { listSessions, revokeSession, revokeUserSessions } from '../auth/session.service';
import { choosePlan, getUser, listConnectedServices, updatePersonalDetails } from './user.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  404: ZErrorResponse,
  429: ZErrorResponse,
};

export function userRoutes(ctx: AuthContext) {
  const { db, now } = ctx;
  return async (app: FastifyInstance) => {
    // Before the body is even parsed: nothing of an anonymous request is looked at.
    app.addHook('onRequest', app.authenticate);
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
      async (request) => getUser({ db, actor: requireActor(request) }),
    );

    r.put(
      '/user/update',
      {
        schema: {
          tags,
          summary: 'Update personal details',
          body: ZPersonalDetailsRequest,
          response: { 200: ZUserResponse, ...errors },
        },
      },
      async (request) =>
        updatePersonalDetails({ db, actor: requireActor(request), now: now(), data: request.body }),
    );

    r.post(
      '/user/choose-plan',
      {
        schema: {
          tags,
          summary: 'Choose a subscription plan',
          body: ZChoosePlanRequest,
          response: { 200: ZChoosePlanResponse, ...errors },
        },
      },
      async (request) =>
        choosePlan({ db, actor: requireActor(request), planPk: request.body.plan_pk }),
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
          db,
          now: now(),
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
          db,
          now: now(),
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
        await changePassword({ ctx, actor: requireActor(request), data: request.body });
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
        await deleteAccount({ ctx, actor: requireActor(request), data: request.body });
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
