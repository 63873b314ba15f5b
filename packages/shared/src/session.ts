import { z } from 'zod';
import { ZUsageResponse } from './chat';
import { ZMaintenanceStatusResponse } from './maintenance';
import { ZModelList } from './models';
import { ZMembershipList, ZOrganization, ZReceivedInvitationList } from './organizations';
import { ZUserResponse } from './user';

/**
 * GET /auth/session: what every page needs first, in one call. `session` is null for a
 * visitor who is not signed in; a signed-in user gets what /user/get, /usage/current,
 * /model/list, /organization/membership/user-list and /organization/invitation/list answer,
 * and the organization they act in (null in their own context, where
 * /organization/get-current answers 400 no_current_organization).
 */
export const ZSessionBootstrap = z
  .object({
    maintenance: ZMaintenanceStatusResponse,
    session: z
      .object({
        user: ZUserResponse,
        usage: ZUsageResponse,
        models: ZModelList,
        organization: ZOrganization.nullable(),
        memberships: ZMembershipList,
        invitations: ZReceivedInvitationList,
      })
      .nullable(),
    /** No session, but the refresh cookie would renew it: POST /auth/token/refresh, ask again. */
    renewable: z.boolean(),
  })
  .meta({ id: 'SessionBootstrap' });
export type SessionBootstrap = z.infer<typeof ZSessionBootstrap>;
