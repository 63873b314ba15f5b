import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { authUser, detail, fakeApi, json } from '../../test/fake-api';
import { calledPaths } from '../../test/render';
import { chatApi } from '../chat/api';
import { organizationsApi } from '../organizations/api';
import { userApi } from '../user/api';
import { sessionApi } from './api';

const membership = {
  pk: 'm1',
  role: 'MEMBER',
  organization: { pk: 'o1', name: 'Kancelaria', logo_url: null },
};
const invitation = { pk: 'i1', role: 'OBSERVER', organization: { pk: 'o2', name: 'Inna' } };

describe('the session bootstrap in the web client', () => {
  it('fills the caches of the calls it stands for, which then ask nothing more', async () => {
    const fetchMock = fakeApi({
      'GET /auth/verify': () => json(authUser()),
      'GET /organization/membership/user-list': () => json([membership]),
      'GET /organization/invitation/list': () => json([invitation]),
    });
    const store = makeStore();
    const bootstrap = await store.dispatch(sessionApi.endpoints.sessionBootstrap.initiate());
    expect(bootstrap.data?.session?.user.pk).toBe('u1');

    const results = await Promise.all([
      store.dispatch(organizationsApi.endpoints.getCurrentOrganization.initiate()),
      store.dispatch(organizationsApi.endpoints.listMyMemberships.initiate()),
      store.dispatch(organizationsApi.endpoints.listReceivedInvitations.initiate()),
      store.dispatch(userApi.endpoints.getMe.initiate()),
      store.dispatch(chatApi.endpoints.currentUsage.initiate()),
      store.dispatch(chatApi.endpoints.listModels.initiate()),
    ]);
    expect(results.map((result) => result.status)).toEqual(Array(6).fill('fulfilled'));
    expect(results.slice(0, 3).map((result) => result.data)).toEqual([
      null,
      [membership],
      [invitation],
    ]);
    expect(calledPaths(fetchMock)).toEqual(['/api/auth/session']);
  });

  it('reads the individual context as no organization, and other failures as failures', async () => {
    fakeApi({ 'GET /organization/get-current': () => detail('no_current_organization') });
    const individual = await makeStore().dispatch(
      organizationsApi.endpoints.getCurrentOrganization.initiate(),
    );
    expect([individual.status, individual.data]).toEqual(['fulfilled', null]);

    fakeApi({ 'GET /organization/get-current': () => detail('forbidden', 403) });
    const refused = await makeStore().dispatch(
      organizationsApi.endpoints.getCurrentOrganization.initiate(),
    );
    expect([refused.status, refused.error]).toEqual([
      'rejected',
      { status: 403, data: { detail: 'forbidden' } },
    ]);
  });
});
