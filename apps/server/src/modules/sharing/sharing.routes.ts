import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZErrorResponse,
  ZOkResponse,
  ZShareContinueResponse,
  ZShareCreateRequest,
  ZSharedConversation,
  ZSharedLink,
  ZSharedLinkListQuery,
  ZSharedLinkPage,
  ZSharedMessagePage,
  ZSharedMessageQuery,
  ZShareLookupQuery,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requestOrigin, requireActor } from '../auth';
import {
  continueSharedConversation,
  listSharedMessages,
  verifySharedLink,
} from './shared-view.service';
import {
  deleteSharedLink,
  disableSharedLink,
  enableSharedLink,
  findConversationLink,
  listSharedLinks,
  shareConversation,
} from './sharing.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const ZSecretParams = z.object({ secret: z.string().max(200) });
const ZShareParams = z.object({ conversationShareId: z.uuid() });

/** A shared conversation is neither indexed nor passed on in a Referer. */
const keepPrivate = (reply: FastifyReply) =>
  reply.header('x-robots-tag', 'noindex, nofollow').header('referrer-policy', 'no-referrer');

/** Shared links: their owners manage them, signed-in visitors open them by the secret. */
export function sharingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['sharing'];

    r.post(
      '/conversation/share/create/:pk',
      {
        schema: {
          tags,
          summary: 'Share a conversation as it is now, or update its link to now',
          description:
            'One link per conversation: sharing again keeps its address and visitors and ' +
            'replaces the shared copy and the expiry. An encrypted conversation needs ' +
            '`decrypt_confirmed` (409 share_decryption_unconfirmed) and an unlocked key.',
          params: z.object({ pk: z.uuid() }),
          body: ZShareCreateRequest,
          response: { 200: ZSharedLink, 201: ZSharedLink, ...errors },
        },
      },
      async (request, reply) => {
        const { link, created } = await shareConversation({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          conversationId: request.params.pk,
          data: request.body,
        });
        return reply.status(created ? 201 : 200).send(link);
      },
    );

    r.get(
      '/conversation/share/access_token',
      {
        schema: {
          tags,
          summary: "The conversation's link (active or expired); 404 when it has none",
          querystring: ZShareLookupQuery,
          response: { 200: ZSharedLink, ...errors },
        },
      },
      async (request) =>
        findConversationLink({
          ctx,
          actor: requireActor(request),
          conversationId: request.query.conversation_pk,
        }),
    );

    r.get(
      '/conversation/share/list',
      {
        schema: {
          tags,
          summary:
            'The links of the current context, newest first (disabled ones only with include_disabled)',
          querystring: ZSharedLinkListQuery,
          response: { 200: ZSharedLinkPage, ...errors },
        },
      },
      async (request) =>
        listSharedLinks({
          ctx,
          actor: requireActor(request),
          cursor: request.query.cursor,
          limit: request.query.limit,
          includeDisabled: request.query.include_disabled,
        }),
    );

    r.post(
      '/conversation/share/disable/:conversationShareId',
      {
        schema: {
          tags,
          summary: 'Disable a link until it is enabled again; its shared copy is removed',
          params: ZShareParams,
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await disableSharedLink({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          shareId: request.params.conversationShareId,
        });
        return { status: 'ok' as const };
      },
    );

    r.post(
      '/conversation/share/enable/:conversationShareId',
      {
        schema: {
          tags,
          summary: 'Enable a disabled link again: it shares the conversation as it is now',
          description:
            'Same address and visitors; the same body and rules as sharing (409 ' +
            'share_decryption_unconfirmed for an encrypted conversation), the expiry counted ' +
            'from now. 409 share_link_superseded while the conversation has another open link.',
          params: ZShareParams,
          body: ZShareCreateRequest,
          response: { 200: ZSharedLink, ...errors },
        },
      },
      async (request) =>
        enableSharedLink({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          shareId: request.params.conversationShareId,
          data: request.body,
        }),
    );

    r.delete(
      '/conversation/share/delete/:conversationShareId',
      {
        schema: {
          tags,
          summary: 'Delete a link with its shared copy and visitors',
          params: ZShareParams,
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await deleteSharedLink({
          ctx,
          actor: requireActor(request),
          origin: requestOrigin(request),
          shareId: request.params.conversationShareId,
        });
        return { status: 'ok' as const };
      },
    );

    r.get(
      '/conversation/share/verify/:secret',
      {
        schema: {
          tags,
          summary: 'Open a shared link: what it shares; the visitor is recorded once',
          description:
            'An unknown, malformed, expired, disabled or deleted link, or one its ' +
            'organization keeps to its members: 404 not_found alike. Limited per address (429).',
          params: ZSecretParams,
          response: { 200: ZSharedConversation, 429: ZErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        keepPrivate(reply);
        return verifySharedLink({
          ctx,
          actor: requireActor(request),
          ip: request.ip,
          secret: request.params.secret,
        });
      },
    );

    r.get(
      '/conversation/share/list-messages/:secret',
      {
        schema: {
          tags,
          summary: 'A page of the shared messages, oldest first',
          params: ZSecretParams,
          querystring: ZSharedMessageQuery,
          description:
            'Pass the last item’s `position` as `after` for the next page. A link that does ' +
            'not open counts against the verifications of the address (429).',
          response: { 200: ZSharedMessagePage, 429: ZErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        keepPrivate(reply);
        return listSharedMessages({
          ctx,
          actor: requireActor(request),
          ip: request.ip,
          secret: request.params.secret,
          query: request.query,
        });
      },
    );

    r.post(
      '/conversation/share/continue/:secret',
      {
        schema: {
          tags,
          summary: "Copy the shared messages into a new conversation of the visitor's context",
          description:
            'A link that does not open counts against the verifications of the address (429).',
          params: ZSecretParams,
          response: { 201: ZShareContinueResponse, 429: ZErrorResponse, ...errors },
        },
      },
      async (request, reply) => {
        keepPrivate(reply);
        const created = await continueSharedConversation({
          ctx,
          actor: requireActor(request),
          ip: request.ip,
          secret: request.params.secret,
        });
        return reply.status(201).send(created);
      },
    );
  };
}
