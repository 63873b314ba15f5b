import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptedResponse,
  ZErrorResponse,
  ZMember,
  ZMemberListQuery,
  ZMemberPage,
  ZMembershipStats,
  ZMembershipUpdateRequest,
  ZOkResponse,
  ZTransferOwnershipRequest,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requestOrigin, requireActor } from '../auth';
import {
  listOrganizationMembers,
  organizationStats,
  removeMembership,
  transferOwnership,
  updateMembershipRole,
} from './memberships.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const ZOrganizationParams = z.object({ organization_pk: z.string() });
const ZMembershipParams = z.object({ membership_pk: z.string() });

export function membershipRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['organizations'];

    r.get(
      '/organization/membership/list/:organization_pk',
      {
        schema: {
          tags,
          summary: 'The co-workers: role, usage this month, date added, latest activity',
          description:
            'A page by date added, oldest first. Pass `next_cursor` of a page as `cursor` for ' +
            'the next one; `search` matches e-mails and names.',
          params: ZOrganizationParams,
          querystring: ZMemberListQuery,
          response: { 200: ZMemberPage, ...errors },
        },
      },
      async (request) =>
        listOrganizationMembers({
          ctx,
          actor: requireActor(request),
          organizationId: request.params.organization_pk,
          search: request.query.search,
          cursor: request.query.cursor,
          limit: request.query.limit,
        }),
    );

    r.get(
      '/organization/membership/stats/:organization_pk',
      {
        schema: {
          tags,
          summary: "Members per role and the month's pooled tokens",
          params: ZOrganizationParams,
          response: { 200: ZMembershipStats, ...errors },
        },
      },
      async (request) =>
        organizationStats({
          ctx,
          actor: requireActor(request),
          organizationId: request.params.organization_pk,
        }),
    );

    r.put(
      '/organization/membership/update/:membership_pk',
      {
        schema: {
          tags,
          summary: "Change a member's role (never the owner's; ownership moves by transfer)",
          params: ZMembershipParams,
          body: ZMembershipUpdateRequest,
          response: { 200: ZMember, ...errors },
        },
      },
      async (request) =>
        updateMembershipRole({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          membershipId: request.params.membership_pk,
          role: request.body.role,
        }),
    );

    r.put(
      '/organization/membership/transfer-ownership',
      {
        schema: {
          tags,
          summary:
            'Transfer the ownership to a member: without a code one is e-mailed (202), with it ' +
            'the member becomes owner and the owner admin',
          body: ZTransferOwnershipRequest,
          response: { 200: ZOkResponse, 202: ZAcceptedResponse, ...errors, 429: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const outcome = await transferOwnership({
          ctx,
          actor: requireActor(request),
          ip: request.ip,
          membershipId: request.body.membership_pk,
          code: request.body.verification_code,
        });
        return outcome === 'code_sent'
          ? reply.code(202).send({ status: 'accepted' as const })
          : reply.send({ status: 'ok' as const });
      },
    );

    r.delete(
      '/organization/membership/delete/:membership_pk',
      {
        schema: {
          tags,
          summary: 'Remove a member, or leave the organization (anyone but the owner)',
          params: ZMembershipParams,
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await removeMembership({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          membershipId: request.params.membership_pk,
        });
        return { status: 'ok' as const };
      },
    );
  };
}
