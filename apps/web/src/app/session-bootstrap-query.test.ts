import { describe, expect, it } from 'vitest';
import { chatApi } from '../features/chat/api';
import { organizationsApi } from '../features/organizations/api';
import { userApi } from '../features/user/api';
import { authUser, detail, fakeApi, json } from '../test/fake-api';
import { calledPaths } from '../test/render';
import { sessionApi } from './session-bootstrap-query';
import { makeStore } from './store';

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

  it('renews a lapsed session quietly: the refresh, then the session asked once more', async () => {
    fakeApi({ 'GET /auth/verify': () => json(authUser()) });
    const start = makeStore().dispatch(sessionApi.endpoints.sessionBootstrap.initiate());
    const signedIn = (await start).data!;
    const lapsed = { ...signedIn, session: null, renewable: true };
    let renewed = false;
    const fetchMock = fakeApi({
      'GET /auth/session': () => Response.json(renewed ? signedIn : lapsed),
      'POST /auth/token/refresh': () => {
        renewed = true;
        return Response.json({ status: 'ok' });
      },
    });
    const bootstrap = await makeStore().dispatch(sessionApi.endpoints.sessionBootstrap.initiate());
    expect(bootstrap.data?.session?.user.pk).toBe('u1');
    expect(calledPaths(fetchMock)).toEqual([
      '/api/auth/session',
      '/api/auth/token/refresh',
      '/api/auth/session',
    ]);
  });

  it('asks the session for the organization acted in: null in the individual context, no 400', async () => {
    const fetchMock = fakeApi({
      'GET /auth/verify': () => json(authUser()),
      'GET /organization/get-current': () => detail('no_current_organization'),
    });
    const individual = await makeStore().dispatch(
      organizationsApi.endpoints.getCurrentOrganization.initiate(),
    );
    expect([individual.status, individual.data]).toEqual(['fulfilled', null]);
    expect(calledPaths(fetchMock)).toEqual(['/api/auth/session']);

    fakeApi({ 'GET /auth/session': () => detail('internal_error', 500) });
    const failed = await makeStore().dispatch(
      organizationsApi.endpoints.getCurrentOrganization.initiate(),
    );
    expect([failed.status, failed.error]).toEqual([
      'rejected',
      { status: 500, data: { detail: 'internal_error' } },
    ]);
  });

  it('renews a lapsed session before reading the organization acted in, not taking it for none', async () => {
    fakeApi({ 'GET /auth/verify': () => json(authUser()) });
    const signedIn = (await makeStore().dispatch(sessionApi.endpoints.sessionBootstrap.initiate()))
      .data!;
    const organization = { pk: 'o1', name: 'Kancelaria' };
    const inFirm = { ...signedIn, session: { ...signedIn.session!, organization } };
    let renewed = false;
    const fetchMock = fakeApi({
      'GET /auth/session': () =>
        Response.json(renewed ? inFirm : { ...signedIn, session: null, renewable: true }),
      'POST /auth/token/refresh': () => {
        renewed = true;
        return Response.json({ status: 'ok' });
      },
    });
    const current = await makeStore().dispatch(
      organizationsApi.endpoints.getCurrentOrganization.initiate(),
    );
    expect([current.status, current.data]).toEqual(['fulfilled', organization]);
    expect(calledPaths(fetchMock)).toEqual([
      '/api/auth/session',
      '/api/auth/token/refresh',
      '/api/auth/session',
    ]);
  });
});
