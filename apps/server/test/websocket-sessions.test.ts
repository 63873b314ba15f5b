import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveAppKeys } from '../src/app-context';
import { sessions } from '../src/db/schema';
import { MAX_SOCKETS_PER_USER } from '../src/platform/realtime/websocket';
import { anotherInstance, createTestApp, type TestApp } from './app';
import { Client, lastCodeTo, loginWithCode, resetPasswordByLink, signedUpClient } from './accounts';
import { connectSocket, type ChatSocket } from './chat-harness';

const REDIS_URL = process.env.TEST_REDIS_URL;
const NEW_PASSWORD = 'Another-Horse-7';
const UNAUTHORIZED_CLOSE = 4401;

let clock = Date.now();
const later = (ms = 61_000) => {
  clock += ms;
};
let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  // The periodic session check is far off: the closes below come from the sessions' end itself.
  t = await createTestApp({ now: () => new Date(clock) });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

/** The same person signed in on a second device (with its e-mailed code). */
async function secondDevice(email: string): Promise<Client> {
  const device = new Client(t);
  await loginWithCode(t, device, email, false);
  return device;
}

const openTab = (client: Client) => connectSocket({ wsUrl }, client.jar.get('access'));

/** The tab still answers: its socket and session are alive. */
async function expectOpen(tab: ChatSocket) {
  tab.send({ type: 'ping', id: 'alive' });
  expect(await tab.next('pong', (frame) => frame.id === 'alive')).toEqual({
    type: 'pong',
    id: 'alive',
  });
}

describe('a socket lives no longer than its session', () => {
  it('closes at logout in another tab of the same session', async () => {
    const { client } = await signedUpClient(t);
    const tab = await openTab(client);
    await expectOpen(tab);
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await tab.closed).toBe(UNAUTHORIZED_CLOSE);
  });

  it('closes the other devices at "sign out other devices", not this one', async () => {
    const { client, email } = await signedUpClient(t);
    later();
    const device = await secondDevice(email);
    const here = await openTab(client);
    const there = await openTab(device);
    await expectOpen(there);
    expect((await client.post('/api/user/session/delete-others')).statusCode).toBe(200);
    expect(await there.closed).toBe(UNAUTHORIZED_CLOSE);
    await expectOpen(here);
    here.close();
  });

  it('closes a device signed out from the devices list', async () => {
    const { client, email } = await signedUpClient(t);
    later();
    const device = await secondDevice(email);
    const there = await openTab(device);
    const list = (await client.get('/api/user/session/list')).json() as {
      pk: string;
      is_current: boolean;
    }[];
    const other = list.find((session) => !session.is_current)!;
    const res = await client.delete(`/api/user/session/delete/${other.pk}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await there.closed).toBe(UNAUTHORIZED_CLOSE);
  });

  it('closes every socket at a password reset', async () => {
    const { client, email } = await signedUpClient(t);
    const tab = await openTab(client);
    await expectOpen(tab);
    later();
    await resetPasswordByLink(t, email, NEW_PASSWORD);
    expect(await tab.closed).toBe(UNAUTHORIZED_CLOSE);
  });

  it('closes the other devices at a password change, and everything at account deletion', async () => {
    const { client, email } = await signedUpClient(t);
    later();
    const device = await secondDevice(email);
    const here = await openTab(client);
    const there = await openTab(device);
    later();
    await client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_PASSWORD_CHANGE',
    });
    const changed = await client.post('/api/user/change-password', {
      verification_code: await lastCodeTo(t, email),
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await there.closed).toBe(UNAUTHORIZED_CLOSE);
    await expectOpen(here);

    later();
    await client.post('/api/user/send-verification-code', {
      verification_code_type: 'USER_DELETE',
    });
    const deleted = await client.request({
      method: 'DELETE',
      url: '/api/user/delete',
      payload: { verification_code: await lastCodeTo(t, email), password: NEW_PASSWORD },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await here.closed).toBe(UNAUTHORIZED_CLOSE);
  });

  it('stops taking frames once the access token has expired', async () => {
    const { client } = await signedUpClient(t);
    const tab = await openTab(client);
    await expectOpen(tab);
    later(16 * 60_000);
    tab.send({ type: 'ping', id: 'late' });
    expect(await tab.closed).toBe(UNAUTHORIZED_CLOSE);
    // The other tests' sessions start from a fresh token again.
    later(-16 * 60_000);
    expect(tab.frames.some((frame) => frame.type === 'pong' && frame.id === 'late')).toBe(false);
  });

  it('closes a socket whose session ended without a word (the periodic check)', async () => {
    const checked = await createTestApp({ socketCheckMs: 200 });
    try {
      const address = await checked.app.listen({ port: 0, host: '127.0.0.1' });
      const { client, user } = await signedUpClient(checked);
      const tab = await connectSocket(
        { wsUrl: `${address.replace('http', 'ws')}/ws` },
        client.jar.get('access'),
      );
      await expectOpen(tab);
      await checked.database.db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'test' })
        .where(eq(sessions.userId, user.pk));
      expect(await tab.closed).toBe(UNAUTHORIZED_CLOSE);
    } finally {
      await checked.close();
    }
  });

  it(`keeps at most ${MAX_SOCKETS_PER_USER} sockets of one user open`, async () => {
    const { client } = await signedUpClient(t);
    const tabs = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_USER }, () => openTab(client)),
    );
    const extra = await openTab(client);
    expect(await extra.closed).toBe(4429);
    await expectOpen(tabs[0]!);
    for (const tab of tabs) tab.close();
  });

  it('refuses an access token without an expiry', async () => {
    const { client, user } = await signedUpClient(t);
    const [session] = await t.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, user.pk));
    const forever = await new SignJWT({ sid: session!.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.pk)
      .setIssuedAt()
      .sign(deriveAppKeys(t.config).accessKey);
    const holder = new Client(t);
    holder.jar.set('access', forever, '/');
    expect((await holder.get('/api/user/get')).statusCode).toBe(401);
    const tab = await connectSocket({ wsUrl }, forever);
    expect(await tab.closed).toBe(UNAUTHORIZED_CLOSE);
    expect((await client.get('/api/user/get')).statusCode).toBe(200);
  });
});

/** Two instances on one database, told of ended sessions through Redis. */
describe.runIf(REDIS_URL)('sessions ended on another instance', () => {
  let first: TestApp;
  let other: FastifyInstance;
  let otherUrl: string;
  beforeAll(async () => {
    first = await createTestApp({ env: { REDIS_URL: REDIS_URL! } });
    other = await anotherInstance(first, { REDIS_URL: REDIS_URL! });
    const address = await other.listen({ port: 0, host: '127.0.0.1' });
    otherUrl = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(async () => {
    await other.close();
    await first.close();
  });

  it('closes a socket on one instance at a logout through the other', async () => {
    const { client } = await signedUpClient(first);
    const tab = await connectSocket({ wsUrl: otherUrl }, client.jar.get('access'));
    tab.send({ type: 'ping', id: 'remote' });
    await tab.next('pong');
    expect((await client.post('/api/auth/logout')).statusCode).toBe(200);
    expect(await tab.closed).toBe(UNAUTHORIZED_CLOSE);
  });
});
