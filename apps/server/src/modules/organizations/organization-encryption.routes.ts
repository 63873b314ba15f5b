import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZDisableEncryptionRequest,
  ZErrorResponse,
  ZMembership,
  ZOrganization,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requireActor } from '../auth';
import {
  changeMembershipEncryption,
  setOrganizationEncryptionForced,
} from './organization-encryption.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const ZOrganizationParams = z.object({ organization_pk: z.string() });
const ZMembershipParams = z.object({ membership_pk: z.string() });

const SYNC_NOTE =
  'The conversations change in a background job; `encryption.conversations_pending` of ' +
  '/user/get counts what it still has to do.';

export function organizationEncryptionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['organizations', 'encryption'];

    for (const [path, forced] of [
      ['/organization/force-encryption/:organization_pk', true],
      ['/organization/voluntary-encryption/:organization_pk', false],
    ] as const) {
      r.post(
        path,
        {
          schema: {
            tags,
            summary: forced
              ? 'Require encryption of every member’s conversations in the organization'
              : 'Let members turn encryption off again (it stays on until they do)',
            description: forced
              ? 'Owners and admins. Members without a PIN or password are asked for one ' +
                'before chatting in the organization. ' +
                SYNC_NOTE
              : 'Owners and admins.',
            params: ZOrganizationParams,
            response: { 200: ZOrganization, ...errors },
          },
        },
        async (request) =>
          setOrganizationEncryptionForced({
            ctx,
            actor: requireActor(request),
            organizationId: request.params.organization_pk,
            forced,
          }),
      );
    }

    r.post(
      '/organization/membership/enable-encryption/:membership_pk',
      {
        schema: {
          tags,
          summary: 'Encrypt the user’s conversations in this organization, existing ones too',
          description:
            'One’s own membership only. Needs a credential (400 encryption_key_missing) ' +
            'unlocked in this session (403 decryption_locked). ' +
            SYNC_NOTE,
          params: ZMembershipParams,
          response: { 200: ZMembership, ...errors },
        },
      },
      async (request) =>
        changeMembershipEncryption({
          ctx,
          actor: requireActor(request),
          membershipId: request.params.membership_pk,
          change: { enabled: true },
        }),
    );

    r.post(
      '/organization/membership/disable-encryption/:membership_pk',
      {
        schema: {
          tags,
          summary:
            'Stop encrypting in this organization: delete or decrypt its encrypted conversations',
          description:
            'One’s own membership only; 403 encryption_forced while the organization ' +
            'requires encryption. DECRYPT needs the data key unlocked in this session. ' +
            SYNC_NOTE,
          params: ZMembershipParams,
          body: ZDisableEncryptionRequest,
          response: { 200: ZMembership, ...errors },
        },
      },
      async (request) =>
        changeMembershipEncryption({
          ctx,
          actor: requireActor(request),
          membershipId: request.params.membership_pk,
          change: { enabled: false, action: request.body.encrypted_conversations_action },
        }),
    );
  };
}
