import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZErrorResponse,
  ZInvitation,
  ZInvitationCreateRequest,
  ZInvitationList,
  ZInvitationListQuery,
  ZInvitationPage,
  ZInvitationType,
  ZOkResponse,
  ZReceivedInvitation,
  ZReceivedInvitationList,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requestOrigin, requireActor } from '../auth';
import {
  createInvitations,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from './invitations.service';
import {
  answerInvitation,
  getReceivedInvitation,
  listReceivedInvitations,
} from './received-invitations.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

const ZTypedInvitation = z.object({ invitation_type: ZInvitationType, invitation_pk: z.string() });
const OK = { status: 'ok' } as const;

export function invitationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['organizations'];

    r.post(
      '/organization/invitation/create/:organization_pk',
      {
        schema: {
          tags,
          summary: 'Invite people by e-mail (owners and admins); all of them or none',
          params: z.object({ organization_pk: z.string() }),
          body: ZInvitationCreateRequest,
          response: { 201: ZInvitationList, ...errors },
        },
      },
      async (request, reply) => {
        const created = await createInvitations({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          organizationId: request.params.organization_pk,
          data: request.body,
        });
        return reply.code(201).send(created);
      },
    );

    r.get(
      '/organization/invitation/list/:organization_pk',
      {
        schema: {
          tags,
          summary: "The organization's invitations, newest first (owners and admins)",
          description:
            'A page. Pass `next_cursor` of a page as `cursor` for the next one; `search` ' +
            'matches e-mails, `create_date_from` and `create_date_to` (both days included) ' +
            'the creation date.',
          params: z.object({ organization_pk: z.string() }),
          querystring: ZInvitationListQuery,
          response: { 200: ZInvitationPage, ...errors },
        },
      },
      async (request) =>
        listInvitations({
          ctx,
          actor: requireActor(request),
          organizationId: request.params.organization_pk,
          query: request.query,
        }),
    );

    r.post(
      '/organization/invitation/resend-email/:invitation_type/:invitation_pk',
      {
        schema: {
          tags,
          summary: 'Send an open invitation again, valid anew (once a minute at most)',
          params: ZTypedInvitation,
          response: { 200: ZInvitation, ...errors },
        },
      },
      async (request) =>
        resendInvitation({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          invitationId: request.params.invitation_pk,
        }),
    );

    r.delete(
      '/organization/invitation/delete/:invitation_type/:invitation_pk',
      {
        schema: {
          tags,
          summary: 'Revoke an open invitation',
          params: ZTypedInvitation,
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await revokeInvitation({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          invitationId: request.params.invitation_pk,
        });
        return OK;
      },
    );

    r.get(
      '/organization/invitation/get/:invitation_type/:invitation_pk',
      {
        schema: {
          tags,
          summary: 'The invitation behind a link, and whether it is for the signed-in account',
          params: ZTypedInvitation,
          response: { 200: ZReceivedInvitation, ...errors },
        },
      },
      async (request) =>
        getReceivedInvitation({
          ctx,
          actor: requireActor(request),
          invitationId: request.params.invitation_pk,
        }),
    );

    r.get(
      '/organization/invitation/list',
      {
        schema: {
          tags,
          summary: 'The open invitations to the signed-in account',
          response: { 200: ZReceivedInvitationList, ...errors },
        },
      },
      async (request) => listReceivedInvitations({ ctx, actor: requireActor(request) }),
    );

    for (const answer of ['accept', 'decline'] as const) {
      r.post(
        `/organization/invitation/${answer}/:invitation_pk`,
        {
          schema: {
            tags,
            summary:
              answer === 'accept'
                ? 'Accept an invitation to the signed-in address; it becomes the current context'
                : 'Decline an invitation to the signed-in address',
            params: z.object({ invitation_pk: z.string() }),
            response: { 200: ZOkResponse, ...errors },
          },
        },
        async (request) => {
          await answerInvitation({
            ctx,
            actor: requireActor(request),
            origin: requestOrigin(request),
            invitationId: request.params.invitation_pk,
            answer,
          });
          return OK;
        },
      );
    }
  };
}
