import type { MaintenanceStatusResponse, SessionBootstrap } from '@themis/shared';
import type { AppContext } from '../../app-context';
import type { LlmGateway } from '../../platform/llm/llm';
import { ACCESS_COOKIE, REFRESH_COOKIE, authenticateAccess, shouldPostRefreshToken } from '../auth';
import { listAvailableModels } from '../models';
import {
  findCurrentOrganization,
  listMyMemberships,
  listReceivedInvitations,
} from '../organizations';
import { getCurrentUsage } from '../usage';
import { getUser } from '../user';

/**
 * The first answer a page needs: maintenance for anyone, and for the signed-in user what
 * /user/get, /usage/current, /model/list and the organization menu's calls answer, each
 * through its own service.
 */
export async function loadSessionBootstrap(options: {
  ctx: AppContext;
  llm: LlmGateway;
  /** The maintenance monitor's status (what /maintenance/status answers). */
  maintenanceStatus: () => Promise<MaintenanceStatusResponse>;
  cookies: Partial<Record<string, string>>;
  /** Clears the session's cookies when they can no longer sign anyone in. */
  clearCookies: () => void;
}): Promise<SessionBootstrap> {
  const { ctx, llm, maintenanceStatus, cookies, clearCookies } = options;
  const [maintenance, authenticated] = await Promise.all([
    maintenanceStatus(),
    authenticateAccess({
      db: ctx.db,
      keys: ctx.keys,
      now: ctx.now(),
      access: cookies[ACCESS_COOKIE],
    }),
  ]);
  if (!authenticated) {
    // A refresh cookie of a live session is posted by the client, which then asks again (a
    // reused one, so that the POST revokes the session). A dead one is a visitor's, and its
    // cookies are cleared.
    const refresh = cookies[REFRESH_COOKIE];
    const renewable =
      refresh !== undefined &&
      (await shouldPostRefreshToken({ db: ctx.db, refresh, now: ctx.now() }));
    if (refresh !== undefined && !renewable) clearCookies();
    return { maintenance, session: null, renewable };
  }
  const { actor } = authenticated;
  const publicOrigin = ctx.config.publicUrl.origin;
  const [user, usage, models, organization, memberships, invitations] = await Promise.all([
    getUser({ ctx, actor, publicOrigin }),
    getCurrentUsage({ db: ctx.db, actor, now: ctx.now() }),
    listAvailableModels({ llm, actor }),
    findCurrentOrganization({ db: ctx.db, actor, publicOrigin }),
    listMyMemberships({ db: ctx.db, actor, publicOrigin }),
    listReceivedInvitations({ ctx, actor }),
  ]);
  return {
    maintenance,
    session: { user, usage, models, organization, memberships, invitations },
    renewable: false,
  };
}
