import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptedResponse,
  ZCreateOrganizationFields,
  ZCreateOrganizationResponse,
  ZErrorResponse,
  ZMembershipList,
  ZModelList,
  ZOkResponse,
  ZOrganization,
  ZOrganizationDeleteQuery,
  ZOrganizationUpdateFields,
  ZSwitchOrganizationRequest,
  ZSwitchOrganizationResponse,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import type { LlmGateway } from '../../platform/llm/llm';
import { acceptPictureForm, pictureChangeOf, ZPictureBytes } from '../../plugins/picture-form';
import { requestOrigin, requireActor } from '../auth';
import { listModelChoices } from '../models';
import {
  createOrganization,
  findLogo,
  getCurrentOrganization,
  listMyMemberships,
  switchOrganization,
  updateOrganization,
} from './organizations.service';
import { deleteOrganization } from './organization-deletion.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  413: ZErrorResponse,
};

export function organizationRoutes(ctx: AppContext, llm: LlmGateway) {
  const { db } = ctx;
  const publicOrigin = ctx.config.publicUrl.origin;
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['organizations'];

    r.get(
      '/organization/get-current',
      {
        schema: {
          tags,
          summary: 'The organization the user acts in; 400 no_current_organization in their own',
          response: { 200: ZOrganization, ...errors },
        },
      },
      async (request) => getCurrentOrganization({ db, actor: requireActor(request), publicOrigin }),
    );

    r.post(
      '/organization/switch-organization',
      {
        schema: {
          tags,
          summary: 'Act in one of the user’s organizations, or in their own context (null)',
          body: ZSwitchOrganizationRequest,
          response: { 200: ZSwitchOrganizationResponse, ...errors },
        },
      },
      async (request) =>
        switchOrganization({
          ctx,
          actor: requireActor(request),
          organizationId: request.body.organization_pk,
        }),
    );

    r.get(
      '/organization/membership/user-list',
      {
        schema: {
          tags,
          summary: 'The user’s memberships in active organizations',
          response: { 200: ZMembershipList, ...errors },
        },
      },
      async (request) => listMyMemberships({ db, actor: requireActor(request), publicOrigin }),
    );

    // Its own scope: only this route reads multipart bodies.
    await app.register(async (scope) => {
      await acceptPictureForm(scope, ['name']);
      scope.withTypeProvider<ZodTypeProvider>().post(
        '/organization/create',
        {
          schema: {
            tags,
            summary: 'Create an organization; the creator becomes its owner and acts in it',
            description:
              'multipart/form-data with `name` and an optional `avatar` part (a png or jpeg ' +
              'file of at most 5 MB), or JSON with the name alone.',
            consumes: ['application/json', 'multipart/form-data'],
            body: ZCreateOrganizationFields,
            response: { 201: ZCreateOrganizationResponse, ...errors },
          },
        },
        async (request, reply) => {
          const created = await createOrganization({
            ctx,
            actor: requireActor(request),
            name: request.body.name,
            picture: pictureChangeOf(request),
          });
          return reply.code(201).send(created);
        },
      );
    });

    await app.register(async (scope) => {
      await acceptPictureForm(scope, [
        'name',
        'allowed_models',
        'is_encryption_forced',
        'is_sharing_outside_allowed',
        'is_export_allowed',
      ]);
      scope.withTypeProvider<ZodTypeProvider>().put(
        '/organization/update/:organization_pk',
        {
          schema: {
            tags,
            summary: 'Change the name, logo, allowed models and switches (owners and admins)',
            description:
              'multipart/form-data or JSON; every field optional. In form data ' +
              '`allowed_models` is a JSON array (empty: every model) and the switches are ' +
              "'true' or 'false'; an `avatar` part sets the logo, an empty value removes it.",
            consumes: ['application/json', 'multipart/form-data'],
            params: z.object({ organization_pk: z.string() }),
            body: ZOrganizationUpdateFields,
            response: { 200: ZOrganization, ...errors },
          },
        },
        async (request) =>
          updateOrganization({
            ctx,
            llm,
            actor: requireActor(request),
            organizationId: request.params.organization_pk,
            data: request.body,
            picture: pictureChangeOf(request),
            origin: requestOrigin(request),
          }),
      );
    });

    r.get(
      '/organization/model-choices/:organization_pk',
      {
        schema: {
          tags,
          summary: 'Every model offered, to choose the allowed ones from (owners and admins)',
          params: z.object({ organization_pk: z.string() }),
          response: { 200: ZModelList, ...errors },
        },
      },
      async (request) =>
        listModelChoices({
          db,
          llm,
          actor: requireActor(request),
          organizationId: request.params.organization_pk,
        }),
    );

    r.delete(
      '/organization/delete/:organization_pk',
      {
        schema: {
          tags,
          summary:
            'Delete the organization (owner): without a code one is e-mailed (202); with it the ' +
            'organization turns inactive at once and is purged after 30 days',
          params: z.object({ organization_pk: z.string() }),
          querystring: ZOrganizationDeleteQuery,
          response: { 200: ZOkResponse, 202: ZAcceptedResponse, ...errors, 429: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const outcome = await deleteOrganization({
          ctx,
          actor: requireActor(request),
          ip: request.ip,
          organizationId: request.params.organization_pk,
          code: request.query.verification_code,
        });
        return outcome === 'code_sent'
          ? reply.code(202).send({ status: 'accepted' as const })
          : reply.send({ status: 'ok' as const });
      },
    );

    r.get(
      '/organization/logo/:fileId',
      {
        schema: {
          tags,
          summary: 'An organization’s logo (image/webp), for its members',
          params: z.object({ fileId: z.string() }),
          response: {
            200: { description: 'The logo', content: { 'image/webp': { schema: ZPictureBytes } } },
            401: ZErrorResponse,
            404: ZErrorResponse,
          },
        },
      },
      async (request, reply) => {
        const file = await findLogo({
          ctx,
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
