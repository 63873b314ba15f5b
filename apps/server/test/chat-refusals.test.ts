import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_INPUT_MAX } from '@themis/shared';
import { messages, plans, tokenUsage, users } from '../src/db/schema';
import { STALE_AFTER_MS } from '../src/modules/chat/chat.socket';
import { monthKey } from '../src/modules/usage/allowance';
import { streamOpenAiAnswer } from './llm-upstreams';
import {
  chatHarnessForFile,
  connectSocket,
  createConversation,
  insertStreamingAnswer,
  messageRowsOf,
  OPENAI_MODEL,
  sendFrame,
  signedInTab,
  type ChatSocket,
} from './chat-harness';

const h = chatHarnessForFile();
beforeAll(() => {
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, {
      deltas: Array.from({ length: 10 }, (_, i) => `part${i} `),
      delayMs: 30,
    }),
  );
});

const countMessages = async (conversationPk: string) =>
  (await h.t.database.db.select().from(messages).where(eq(messages.conversationId, conversationPk)))
    .length;

async function expectRefused(tab: ChatSocket, frame: Record<string, unknown>, detail: string) {
  tab.send(frame);
  expect(await tab.next('error', (f) => f.request_id === frame.request_id)).toEqual({
    type: 'error',
    detail,
    request_id: frame.request_id,
    conversation_pk: frame.conversation_pk,
  });
}

describe('chat.send refusals', () => {
  it('refuses an unknown conversation, no model and an unlisted model, writing nothing', async () => {
    const { tab, conversationPk } = await signedInTab(h);
    await expectRefused(tab, sendFrame(randomUUID()), 'not_found');
    await expectRefused(tab, sendFrame(conversationPk, { model_id: '' }), 'no_model_selected');
    await expectRefused(
      tab,
      sendFrame(conversationPk, { model_id: 'openai:gpt-unknown' }),
      'model_not_found',
    );
    expect(await countMessages(conversationPk)).toBe(0);
    tab.close();
  });

  it('refuses a second question while an answer streams', async () => {
    const { tab, conversationPk } = await signedInTab(h);
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.accepted');
    await expectRefused(tab, sendFrame(conversationPk), 'conversation_busy');
    await expectRefused(
      tab,
      {
        type: 'chat.regenerate',
        request_id: 'regen-busy',
        conversation_pk: conversationPk,
        model_id: OPENAI_MODEL,
        language: 'en',
      },
      'conversation_busy',
    );
    await tab.next('chat.done');
    expect(await countMessages(conversationPk)).toBe(2);
    tab.close();
  });

  it('refuses once the month has used the plan limit', async () => {
    const { tab, conversationPk, user } = await signedInTab(h);
    const [plan] = await h.t.database.db
      .select({ limit: plans.monthlyTokenLimit })
      .from(users)
      .innerJoin(plans, eq(plans.id, users.planId))
      .where(eq(users.id, user.pk));
    const month = monthKey(new Date());
    await h.t.database.db
      .insert(tokenUsage)
      .values({ userId: user.pk, month, tokens: plan!.limit });
    await expectRefused(tab, sendFrame(conversationPk), 'monthly_limit_reached');
    expect(await countMessages(conversationPk)).toBe(0);

    await h.t.database.db
      .update(tokenUsage)
      .set({ tokens: plan!.limit - 1 })
      .where(eq(tokenUsage.userId, user.pk));
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.done');
    const [usage] = await h.t.database.db
      .select()
      .from(tokenUsage)
      .where(eq(tokenUsage.userId, user.pk));
    expect(usage!.tokens).toBeGreaterThan(plan!.limit);
    tab.close();
  });

  it("holds an account without a plan to the default plan's limit", async () => {
    const { tab, conversationPk, user } = await signedInTab(h);
    const db = h.t.database.db;
    await db.update(users).set({ planId: null }).where(eq(users.id, user.pk));
    const [fallback] = await db
      .select({ limit: plans.monthlyTokenLimit })
      .from(plans)
      .where(eq(plans.isDefault, true));
    const month = monthKey(new Date());
    await db.insert(tokenUsage).values({ userId: user.pk, month, tokens: fallback!.limit });
    await expectRefused(tab, sendFrame(conversationPk), 'monthly_limit_reached');

    await db.update(tokenUsage).set({ tokens: 0 }).where(eq(tokenUsage.userId, user.pk));
    tab.send(sendFrame(conversationPk));
    expect((await tab.next('chat.done')).message.status).toBe('complete');
    tab.close();
  });

  it('answers malformed and too long frames with validation errors and keeps serving', async () => {
    const { tab, conversationPk } = await signedInTab(h);
    const tooLong = sendFrame(conversationPk, { content: 'x'.repeat(CHAT_INPUT_MAX + 1) });
    await expectRefused(tab, tooLong, 'validation_error');
    tab.send('{not json');
    expect(await tab.next('error')).toEqual({ type: 'error', detail: 'invalid_json' });
    tab.send({ type: 'chat.stop', conversation_pk: 'not-a-uuid' });
    expect((await tab.next('error')).detail).toBe('validation_error');
    tab.send({ type: 'chat.send', request_id: 'missing' });
    expect((await tab.next('error')).detail).toBe('validation_error');
    expect(await countMessages(conversationPk)).toBe(0);
    tab.send(sendFrame(conversationPk));
    expect((await tab.next('chat.done')).message.status).toBe('complete');
    tab.close();
  });
});

describe('the socket', () => {
  it('closes an unauthenticated connection with 4401', async () => {
    const anonymous = await connectSocket(h, undefined);
    expect(await anonymous.closed).toBe(4401);
    const forged = await connectSocket(h, 'not-a-token');
    expect(await forged.closed).toBe(4401);
  });

  it('closes a connection once its session is signed out', async () => {
    const { client, access, tab } = await signedInTab(h);
    tab.close();
    const signOut = await client.post('/api/auth/logout');
    expect(signOut.statusCode).toBeLessThan(300);
    const after = await connectSocket(h, access);
    expect(await after.closed).toBe(4401);
  });
});

describe('stale answers', () => {
  it('marks answers left unwritten for the stale time as errors', async () => {
    const { tab, user } = await signedInTab(h);
    tab.close();
    const conversationPk = await createConversation(h.t, user.pk);
    const insert = (secondsAgo: number) =>
      insertStreamingAnswer(h.t, { conversationPk, userId: user.pk, secondsAgo });
    const stale = await insert(STALE_AFTER_MS / 1000 + 5);
    const fresh = await insert(STALE_AFTER_MS / 2000);
    expect(await h.t.app.chat.sweepStaleAnswers()).toBe(1);
    const rows = await messageRowsOf(h.t, conversationPk);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(stale)).toMatchObject({
      status: 'error',
      errorCode: 'message_generating_error',
      content: 'half an answer',
    });
    expect(byId.get(fresh)?.status).toBe('streaming');
  });
});

describe('after everything', () => {
  it('still answers /api/health', async () => {
    const response = await h.t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
  });
});
