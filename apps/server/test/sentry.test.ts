import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { flush } from '@sentry/node';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { users } from '../src/db/schema';
import { AppError } from '../src/errors';
import { enqueueJob } from '../src/platform/jobs/job-queue';
import { signedUpClient } from './accounts';
import { connectSocket, createConversation } from './chat-harness';
import { testConfig, type TestApp } from './app';
import { createTestDatabase } from './database';
import { startSentryStandIn, type SentryStandIn } from './sentry-stand-in';

// A server error reaches Sentry (here a local stand-in) with what it was and where, and
// nothing of the person or their secrets: no cookie, no Authorization header, no query
// string, no e-mail address.

let sentry: SentryStandIn;
let t: TestApp;

/** The e-mail of the signed-in user, from the database as a service would read it. */
async function emailOf(userId: string | undefined): Promise<string> {
  const [row] = await t.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId ?? ''));
  return row!.email;
}

beforeAll(async () => {
  sentry = await startSentryStandIn();
  const dataDir = await mkdtemp(join(tmpdir(), 'themis-test-'));
  const config = testConfig({
    DATA_DIR: dataDir,
    SENTRY_DSN: sentry.dsn,
    ENVIRONMENT: 'sentry-test',
  });
  const database = await createTestDatabase();
  const app = await buildApp(config, {
    database,
    maintenanceCacheMs: 0,
    webDistDir: '/nonexistent',
    logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  });
  // Test-only routes behind the session check: one fails on a query naming the user's
  // e-mail, one with the e-mail in its message, one refuses on purpose with a 503.
  app.get('/api/test/failing-query', async (request) => {
    const email = await emailOf(request.actor?.userId);
    await database.db.execute(sql`select * from no_such_table where email = ${email}`);
  });
  app.get('/api/test/failing-message', async (request) => {
    throw new Error(`no plan found for ${await emailOf(request.actor?.userId)}`);
  });
  app.get('/api/test/refusing', async () => {
    throw new AppError('service_unavailable', 503, 'refused on purpose');
  });
  await app.ready();
  t = {
    app,
    config,
    database,
    dataDir,
    logs: [],
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
});
afterAll(async () => {
  await t?.close();
  await sentry?.close();
});

// Made at run time: the source lines Sentry quotes around a stack frame never hold them.
const QUERY_SECRET = randomUUID();
const COOKIE_SECRET = randomUUID();
const AUTH_SECRET = randomUUID();

/** Calls `path` as the signed-in user, with a secret in each place a request can carry one. */
async function callWithSecrets(path: string) {
  const { client, email, user } = await signedUpClient(t);
  const res = await client.request({
    method: 'GET',
    url: `${path}?token=${QUERY_SECRET}`,
    headers: {
      cookie: `${client.jar.header(path)}; theme=${COOKIE_SECRET}`,
      authorization: `Bearer ${AUTH_SECRET}`,
    },
  });
  return { res, email, user, access: client.jar.get('access')!, userAgent: client.userAgent };
}

const forRoute = (route: string) => (event: Record<string, unknown>) =>
  event.transaction === `GET ${route}`;

describe('server errors reported to Sentry', () => {
  it('sends the error of a 500 with its route, and no personal data or secret', async () => {
    const route = '/api/test/failing-query';
    const { res, email, user, access, userAgent } = await callWithSecrets(route);
    expect([res.statusCode, res.json()]).toEqual([500, { detail: 'internal_error' }]);

    const { event, envelope } = await sentry.nextEvent(forRoute(route));
    expect(event).toMatchObject({
      environment: 'sentry-test',
      level: 'error',
      user: { id: user.pk },
      request: {
        method: 'GET',
        url: `${t.config.publicUrl.origin}${route}`,
        headers: { 'user-agent': userAgent },
      },
    });
    expect(Object.keys((event.request as { headers: object }).headers)).toEqual(['user-agent']);
    expect(event.user).toEqual({ id: user.pk });
    const values = (event.exception as { values: { type: string; value: string }[] }).values;
    // The failed query's text and parameters (the e-mail) are replaced; its cause is kept.
    expect(values.at(-1)).toMatchObject({ value: 'database query failed' });
    expect(values.map((value) => value.value).join(' ')).toContain('no_such_table');

    for (const secret of [
      email,
      access,
      COOKIE_SECRET,
      AUTH_SECRET,
      'auth-secret-93b0aa',
      QUERY_SECRET,
    ]) {
      expect(envelope.raw).not.toContain(secret);
    }
    expect(envelope.url).toContain('sentry_key=publickey');
  });

  it("hides an e-mail address in an error's message", async () => {
    const route = '/api/test/failing-message';
    const { res, email } = await callWithSecrets(route);
    expect(res.statusCode).toBe(500);
    const { event, envelope } = await sentry.nextEvent(forRoute(route));
    const values = (event.exception as { values: { type: string; value: string }[] }).values;
    expect(values.at(-1)).toMatchObject({ type: 'Error', value: 'no plan found for [email]' });
    expect(envelope.raw).not.toContain(email);
  });

  it('does not report a deliberate 5xx refusal', async () => {
    const { res } = await callWithSecrets('/api/test/refusing');
    expect([res.statusCode, res.json()]).toEqual([503, { detail: 'service_unavailable' }]);
    // Everything captured so far has been sent once flush resolves.
    expect(await flush(5000)).toBe(true);
    const events = sentry.received.flatMap((envelope) =>
      envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload),
    );
    expect(events.map((event) => event.transaction)).toEqual([
      'GET /api/test/failing-query',
      'GET /api/test/failing-message',
    ]);
  });

  it('sends a background job that failed for good', async () => {
    await enqueueJob(t.database.db, { type: 'sentry-test-job', payload: {}, maxAttempts: 1 });
    await t.app.jobs.runDueJobs();
    const { event } = await sentry.nextEvent((candidate) =>
      JSON.stringify(candidate.exception ?? '').includes('sentry-test-job'),
    );
    const values = (event.exception as { values: { value: string }[] }).values;
    expect(values.at(-1)!.value).toBe(
      'unknown job type "sentry-test-job": no handler is registered',
    );
  });

  it('sends a chat frame that failed', async () => {
    const { client, user } = await signedUpClient(t);
    const conversationPk = await createConversation(t, user.pk);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tab = await connectSocket(
      { wsUrl: `${address.replace('http', 'ws')}/ws` },
      client.jar.get('access'),
    );
    // The answers' table gone for a moment: following the conversation fails on its query.
    await t.database.db.execute(sql`alter table messages rename to messages_away`);
    try {
      tab.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
      expect(await tab.next('error')).toMatchObject({
        detail: 'internal_error',
        conversation_pk: conversationPk,
      });
    } finally {
      await t.database.db.execute(sql`alter table messages_away rename to messages`);
      tab.close();
    }
    const { event } = await sentry.nextEvent((candidate) =>
      JSON.stringify(candidate.exception ?? '').includes('relation \\"messages\\" does not exist'),
    );
    expect(event.user).toBeUndefined();
  });
});
