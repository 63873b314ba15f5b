import type { SessionBootstrap } from '@themis/shared';
import { authApi } from '../features/auth/api';
import { chatApi } from '../features/chat/api';
import { maintenanceApi } from '../features/maintenance/api';
import { organizationsApi } from '../features/organizations/api';
import { userApi } from '../features/user/api';
import { api } from './api/api';
import { askSessionBootstrap } from './api/session-bootstrap';
import { rememberSession } from './session';

/**
 * GET /auth/session: the first call of every page, and a visitor's only one. Its parts are put in the caches of the
 * calls it stands for (maintenance status, session check, user, usage, models, current
 * organization, memberships, received invitations) before it
 * settles, so the components that read those find them and do not ask again; each is
 * fetched on its own from then on, when its tags are invalidated.
 */
/** As the maintenance status's: a hung call must not keep the app behind a spinner. */
const BOOTSTRAP_TIMEOUT_MS = 10_000;

export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    sessionBootstrap: build.query<SessionBootstrap, void>({
      async queryFn(_arg, { dispatch }, _extraOptions, baseQuery) {
        const result = await askSessionBootstrap(baseQuery, {
          url: '/auth/session',
          timeout: BOOTSTRAP_TIMEOUT_MS,
        });
        if ('error' in result) return { error: result.error };
        const data = result.data;
        rememberSession(data.session !== null);
        dispatch(
          maintenanceApi.util.upsertQueryData('getMaintenanceStatus', undefined, data.maintenance),
        );
        if (data.session) {
          const { user, usage, models, organization, memberships, invitations } = data.session;
          const { pk, email, has_personal_info_set } = user;
          dispatch(
            authApi.util.upsertQueryData('verify', undefined, { pk, email, has_personal_info_set }),
          );
          dispatch(userApi.util.upsertQueryData('getMe', undefined, user));
          dispatch(chatApi.util.upsertQueryData('currentUsage', undefined, usage));
          dispatch(chatApi.util.upsertQueryData('listModels', undefined, models));
          const organizations = organizationsApi.util;
          dispatch(
            organizations.upsertQueryData('getCurrentOrganization', undefined, organization),
          );
          dispatch(organizations.upsertQueryData('listMyMemberships', undefined, memberships));
          dispatch(
            organizations.upsertQueryData('listReceivedInvitations', undefined, invitations),
          );
        }
        return { data };
      },
      // A visitor's pages read it too: a refused session is theirs to handle.
      extraOptions: { loginRedirect: false },
    }),
  }),
});

export const { useSessionBootstrapQuery } = sessionApi;

/** Whether the tab has a session: from the bootstrap, or a sign-in since (its session check). */
export function useSignedIn() {
  const bootstrap = useSessionBootstrapQuery();
  const checked = authApi.endpoints.verify.useQueryState(undefined);
  return { bootstrap, signedIn: Boolean(bootstrap.data?.session) || checked.data !== undefined };
}
