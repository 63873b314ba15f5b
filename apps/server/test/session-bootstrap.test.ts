import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ZSessionBootstrap } from '@themis/shared';
import { runOperatorCommand } from '../src/operator/commands';
import { Client, signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import { firm, invitation } from './organization-fixtures';

// GET /api/auth/session: the first call of every page, in place of the maintenance status,
// the session check, the user, the usage, the models and the organization menu's calls.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  for (const args of ['maintenance off', 'maintenance cancel']) {
    await runOperatorCommand({
      db: t.database.db,
      config: t.config,
      now: new Date(),
      args: args.split(' '),
    });
  }
});

const bootstrap = async (client: Client) => {
  const res = await client.get('/api/auth/session');
  return { res, body: res.statusCode === 200 ? ZSessionBootstrap.parse(res.json()) : undefined };
};

describe('the session bootstrap', () => {
  it('tells a visitor with no session only the maintenance status, without an error', async () => {
    const { res, body } = await bootstrap(new Client(t));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const status = await t.app.inject('/api/maintenance/status');
    expect(body).toEqual({ maintenance: status.json(), session: null, renewable: false });
  });

  it('gives a signed-in user what /user/get, /usage/current and /model/list answer', async () => {
    const { client } = await signedUpClient(t);
    const { res, body } = await bootstrap(client);
    expect(res.statusCode).toBe(200);
    expect(body!.session).toEqual({
      user: (await client.get('/api/user/get')).json(),
      usage: (await client.get('/api/usage/current')).json(),
      models: (await client.get('/api/model/list')).json(),
      organization: null,
      memberships: [],
      invitations: [],
    });
    expect(body!.session!.models.length).toBeGreaterThan(0);
    const individual = await client.get('/api/organization/get-current');
    expect(individual.json()).toEqual({ detail: 'no_current_organization' });
  });

  it('gives a member the organization they act in, their memberships and invitations', async () => {
    const { owner, organizationId, member } = await firm(t, ['MEMBER']);
    const other = await firm(t, [], 'Inna kancelaria');
    await invitation(other.owner.client, other.organizationId, member.email, 'OBSERVER');
    const { client } = member;
    const { body } = await bootstrap(client);
    const session = body!.session!;
    expect(session.organization).toEqual(
      (await client.get('/api/organization/get-current')).json(),
    );
    expect(session.organization!.pk).toBe(organizationId);
    expect(session.memberships).toEqual(
      (await client.get('/api/organization/membership/user-list')).json(),
    );
    expect(session.memberships.map((m) => m.organization.pk)).toEqual([organizationId]);
    expect(session.invitations).toEqual(
      (await client.get('/api/organization/invitation/list')).json(),
    );
    expect(session.invitations.map((i) => i.organization.pk)).toEqual([other.organizationId]);
    // The owner sees their own organization, and no invitation.
    const ownerSession = (await bootstrap(owner.client)).body!.session!;
    expect([ownerSession.organization!.pk, ownerSession.invitations]).toEqual([organizationId, []]);
  });

  it('tells a lapsed access token with a live refresh cookie to renew, never with a 401', async () => {
    const { client, user } = await signedUpClient(t);
    // The browser drops the access cookie when it lapses; the refresh cookie stays.
    client.jar.delete('access');
    const lapsed = await bootstrap(client);
    expect(lapsed.res.statusCode).toBe(200);
    expect([lapsed.body!.session, lapsed.body!.renewable]).toEqual([null, true]);
    // Read, not rotated: the same refresh cookie still renews the session.
    expect(lapsed.res.headers['set-cookie']).toBeUndefined();
    expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(200);
    const renewed = await bootstrap(client);
    expect([renewed.body!.session!.user.pk, renewed.body!.renewable]).toEqual([user.pk, false]);
  });

  it('has a refresh token reused after the grace posted, which revokes the session', async () => {
    let now = new Date();
    const timed = await createTestApp({ now: () => now });
    try {
      const { client } = await signedUpClient(timed);
      // A copy of the refresh cookie renews the session first, elsewhere.
      const copy = new Client(timed);
      copy.jar.set('refresh', client.jar.get('refresh')!, '/api/auth');
      expect((await copy.post('/api/auth/token/refresh')).statusCode).toBe(200);
      now = new Date(now.getTime() + 60_000);
      // The owner comes back with the old token: told to post it, not cleared as a visitor's.
      client.jar.delete('access');
      const back = await bootstrap(client);
      expect([back.body!.session, back.body!.renewable]).toEqual([null, true]);
      expect(client.jar.get('refresh')).toBeDefined();
      expect((await client.post('/api/auth/token/refresh')).statusCode).toBe(401);
      // The reuse ended the session the copy renewed.
      expect((await copy.get('/api/auth/verify')).statusCode).toBe(401);
      expect((await copy.post('/api/auth/token/refresh')).statusCode).toBe(401);
    } finally {
      await timed.close();
    }
  });

  it('treats a made-up or signed-out refresh cookie as a visitor and clears the cookies', async () => {
    const madeUp = new Client(t);
    madeUp.jar.set('refresh', 'made-up', '/api/auth');
    const visitor = await bootstrap(madeUp);
    expect([visitor.res.statusCode, visitor.body!.session, visitor.body!.renewable]).toEqual([
      200,
      null,
      false,
    ]);
    expect(madeUp.jar.get('refresh')).toBeUndefined();

    // Signed out in another tab: the refresh cookie left here renews nothing.
    const { client } = await signedUpClient(t);
    const kept = new Client(t);
    kept.jar.set('refresh', client.jar.get('refresh')!, '/api/auth');
    expect((await client.post('/api/auth/logout')).statusCode).toBeLessThan(400);
    const revoked = await bootstrap(kept);
    expect([revoked.body!.session, revoked.body!.renewable]).toEqual([null, false]);
    expect(kept.jar.get('refresh')).toBeUndefined();
  });

  it('treats a forged or signed-out access token without a refresh cookie as a visitor', async () => {
    const forged = new Client(t);
    forged.jar.set('access', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged');
    expect((await bootstrap(forged)).body!.session).toBeNull();

    const { client } = await signedUpClient(t);
    const access = client.jar.get('access')!;
    expect((await client.post('/api/auth/logout')).statusCode).toBeLessThan(400);
    const after = new Client(t);
    after.jar.set('access', access);
    expect((await bootstrap(after)).body!.session).toBeNull();
  });

  it('answers 503 during maintenance, as the rest of the API does', async () => {
    const { client } = await signedUpClient(t);
    await runOperatorCommand({
      db: t.database.db,
      config: t.config,
      now: new Date(),
      args: ['maintenance', 'on'],
    });
    const { res } = await bootstrap(client);
    expect([res.statusCode, res.json()]).toEqual([503, { detail: 'service_under_maintenance' }]);
  });
});
