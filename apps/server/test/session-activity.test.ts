import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, sessions } from '../src/db/schema';
import { signedUpClient, type Client } from './accounts';
import { createTestApp, type TestApp } from './app';
import { connectSocket, createConversation, type ChatSocket } from './chat-harness';
import { createOrganization } from './organization-fixtures';

// Far outside the five-minute window, and before any sign-in of these tests.
const SIGNED_IN_LONG_AGO = new Date('2020-01-01T08:00:00.000Z');
const ACTIVE_LONG_AGO = new Date('2020-01-02T09:30:00.000Z');

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `${address.replace('http', 'ws')}/ws`;
});
afterAll(() => t.close());

interface DeviceRow {
  pk: string;
  created_at: string;
  last_seen_at: string;
  is_current: boolean;
}

/** The client's own row of the connected-devices list (itself an authenticated request). */
async function currentDevice(client: Client): Promise<DeviceRow> {
  const res = await client.get('/api/user/session/list');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as DeviceRow[]).find((row) => row.is_current)!;
}

/** As if the session had signed in and last been active long ago. */
async function ageSession(sessionId: string) {
  await t.database.db
    .update(sessions)
    .set({ createdAt: SIGNED_IN_LONG_AGO, lastSeenAt: ACTIVE_LONG_AGO })
    .where(eq(sessions.id, sessionId));
}

/** As if the session had been active a minute ago: inside the window. Its stored value. */
async function activeAMinuteAgo(sessionId: string): Promise<Date> {
  const [row] = await t.database.db
    .update(sessions)
    .set({ lastSeenAt: sql`date_trunc('milliseconds', now() - interval '1 minute')` })
    .where(eq(sessions.id, sessionId))
    .returning({ lastSeenAt: sessions.lastSeenAt });
  return row!.lastSeenAt;
}

async function storedLastSeen(sessionId: string): Promise<Date> {
  const [row] = await t.database.db
    .select({ lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row!.lastSeenAt;
}

/** Answered once the frames sent before it have been taken in, their activity included. */
async function settled(tab: ChatSocket, id: string) {
  tab.send({ type: 'ping', id });
  await tab.next('pong', (frame) => frame.id === id);
}

describe('last activity of a session over HTTP', () => {
  it('moves on with a request made after the window, not staying at the sign-in', async () => {
    const { client } = await signedUpClient(t);
    const { pk } = await currentDevice(client);
    await ageSession(pk);

    expect((await client.get('/api/user/get')).statusCode).toBe(200);

    const device = await currentDevice(client);
    expect(device.created_at).toBe(SIGNED_IN_LONG_AGO.toISOString());
    expect(new Date(device.last_seen_at).getTime()).toBeGreaterThan(ACTIVE_LONG_AGO.getTime());
  });

  it('writes nothing for requests inside the window', async () => {
    const { client } = await signedUpClient(t);
    const { pk } = await currentDevice(client);
    const stored = await activeAMinuteAgo(pk);

    for (let i = 0; i < 3; i += 1) {
      expect((await client.get('/api/user/get')).statusCode).toBe(200);
    }

    expect((await currentDevice(client)).last_seen_at).toBe(stored.toISOString());
  });
});

describe('last activity of a session kept only on the socket', () => {
  async function chattingTab() {
    const { client, user } = await signedUpClient(t);
    const { pk } = await currentDevice(client);
    const tab = await connectSocket({ wsUrl }, client.jar.get('access'));
    const conversationPk = await createConversation(t, user.pk);
    const follow = () => tab.send({ type: 'chat.subscribe', conversation_pk: conversationPk });
    return { client, user, sessionId: pk, tab, follow };
  }

  it("moves on with the socket's frames after the window, and shows on the devices list", async () => {
    const { client, sessionId, tab, follow } = await chattingTab();
    await ageSession(sessionId);

    follow();
    await settled(tab, 'after-window');

    const written = await storedLastSeen(sessionId);
    expect(written.getTime()).toBeGreaterThan(ACTIVE_LONG_AGO.getTime());
    // The list's own request is inside the window now: it shows the socket's write.
    expect((await currentDevice(client)).last_seen_at).toBe(written.toISOString());
    tab.close();
  });

  it('writes nothing for frames inside the window', async () => {
    const { sessionId, tab, follow } = await chattingTab();
    const stored = await activeAMinuteAgo(sessionId);

    follow();
    follow();
    await settled(tab, 'inside-window');

    expect(await storedLastSeen(sessionId)).toEqual(stored);
    tab.close();
  });

  it('does not count pings, which only keep the line open', async () => {
    const { sessionId, tab } = await chattingTab();
    await ageSession(sessionId);

    await settled(tab, 'first');
    await settled(tab, 'second');

    expect(await storedLastSeen(sessionId)).toEqual(ACTIVE_LONG_AGO);
    tab.close();
  });

  it("moves an organization member's latest activity along with the session's", async () => {
    const { client, user } = await signedUpClient(t);
    const organizationId = await createOrganization(client);
    const { pk: sessionId } = await currentDevice(client);
    const tab = await connectSocket({ wsUrl }, client.jar.get('access'));
    const conversationPk = await createConversation(t, user.pk);
    const membership = and(
      eq(memberships.organizationId, organizationId),
      eq(memberships.userId, user.pk),
    );
    await t.database.db
      .update(memberships)
      .set({ lastActivityAt: ACTIVE_LONG_AGO })
      .where(membership);
    await ageSession(sessionId);

    tab.send({ type: 'chat.subscribe', conversation_pk: conversationPk });
    await settled(tab, 'member');

    const [row] = await t.database.db
      .select({ lastActivityAt: memberships.lastActivityAt })
      .from(memberships)
      .where(membership);
    expect(row!.lastActivityAt).toEqual(await storedLastSeen(sessionId));
    tab.close();
  });
});
