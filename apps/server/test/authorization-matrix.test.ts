import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientMessage } from '@themis/shared';
import { attachments, conversations, messages, sessions } from '../src/db/schema';
import { publicRoutes } from '../src/modules/auth/public-routes';
import type { Client } from './accounts';
import { insertAttachment, insertConversation, insertMessages } from './conversations-fixtures';
import { createFileStorage } from '../src/platform/storage/create-storage';
import {
  connectSocket,
  OPENAI_MODEL,
  startChatHarness,
  type ChatHarness,
  type ChatSocket,
} from './chat-harness';
import { signedUpClient } from './accounts';
import { multipartBody } from './multipart';
import { streamOpenAiAnswer } from './llm-upstreams';

/**
 * Who may do what to a record: for every route and socket message that names one, the
 * owner gets through and anyone else gets 404 with nothing changed. A new route with a path
 * parameter fails the first test until it has its row here.
 */

interface Records {
  conversation: string;
  answer: string;
  attachment: string;
  session: string;
}

interface HttpRow {
  route: string;
  request(records: Records): InjectOptions & { url: string };
  /** The owner's status. */
  owner: number;
}

const HTTP_ROWS: HttpRow[] = [
  {
    route: 'GET /api/conversation/get/:pk',
    request: (r) => ({ method: 'GET', url: `/api/conversation/get/${r.conversation}` }),
    owner: 200,
  },
  {
    route: 'GET /api/conversation/messages/:pk',
    request: (r) => ({ method: 'GET', url: `/api/conversation/messages/${r.conversation}` }),
    owner: 200,
  },
  {
    route: 'PUT /api/conversation/rename/:pk',
    request: (r) => ({
      method: 'PUT',
      url: `/api/conversation/rename/${r.conversation}`,
      payload: { name: 'Renamed' },
    }),
    owner: 200,
  },
  {
    route: 'POST /api/message/feedback/:message_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/message/feedback/${r.answer}`,
      payload: { value: 'good' },
    }),
    owner: 200,
  },
  {
    route: 'POST /api/conversation/attachment/upload/:conversation_pk',
    request: (r) => ({
      method: 'POST',
      url: `/api/conversation/attachment/upload/${r.conversation}`,
      ...multipartBody([{ name: 'file', data: Buffer.from('%PDF-1.4\n'), filename: 'a.pdf' }]),
    }),
    // The owner reaches the file check: this one is no real PDF.
    owner: 400,
  },
  {
    route: 'DELETE /api/conversation/attachment/delete/:pk',
    request: (r) => ({
      method: 'DELETE',
      url: `/api/conversation/attachment/delete/${r.attachment}`,
    }),
    owner: 200,
  },
  {
    route: 'DELETE /api/conversation/delete/:pk',
    request: (r) => ({ method: 'DELETE', url: `/api/conversation/delete/${r.conversation}` }),
    owner: 200,
  },
  // Last: for the owner it signs out the device the rows above were sent from.
  {
    route: 'DELETE /api/user/session/delete/:session_pk',
    request: (r) => ({ method: 'DELETE', url: `/api/user/session/delete/${r.session}` }),
    owner: 200,
  },
];

/** Routes whose parameter names no record of a user. */
const NOT_RECORDS = [
  'GET /api/auth/password-reset/verify/:token',
  'POST /api/auth/revoke/:provider',
  // Profile pictures are shown to whoever sees the person (co-workers, shared views).
  'GET /api/user/avatar/:fileId',
];

type RecordFrame = Exclude<ClientMessage, { type: 'ping' }>;
const SOCKET_ROWS: Record<RecordFrame['type'], (conversation: string) => RecordFrame> = {
  'chat.send': (pk) => ({
    type: 'chat.send',
    request_id: 'matrix-send',
    conversation_pk: pk,
    content: 'Hello',
    model_id: OPENAI_MODEL,
    attachment_pks: [],
    language: 'en',
  }),
  'chat.regenerate': (pk) => ({
    type: 'chat.regenerate',
    request_id: 'matrix-regenerate',
    conversation_pk: pk,
    model_id: OPENAI_MODEL,
    language: 'en',
  }),
  'chat.edit': (pk) => ({
    type: 'chat.edit',
    request_id: 'matrix-edit',
    conversation_pk: pk,
    content: 'Changed',
    model_id: OPENAI_MODEL,
    language: 'en',
  }),
  'chat.stop': (pk) => ({ type: 'chat.stop', conversation_pk: pk }),
  'chat.subscribe': (pk) => ({ type: 'chat.subscribe', conversation_pk: pk, from_offset: 0 }),
  // Only ever removes the tab's own subscription: nothing to refuse.
  'chat.unsubscribe': (pk) => ({ type: 'chat.unsubscribe', conversation_pk: pk }),
};

let h: ChatHarness;
beforeAll(async () => {
  h = await startChatHarness();
  h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Answer.'] }));
});
afterAll(() => h.close());

async function ownedRecords(owner: { client: Client; user: { pk: string } }): Promise<Records> {
  const t = h.t;
  const conversation = await insertConversation(t, owner.user.pk);
  const [question, answer] = await insertMessages(t, conversation, [
    { role: 'user', content: 'Question' },
    { role: 'assistant', content: 'Answer' },
  ]);
  const storage = createFileStorage(t.config);
  // Waiting to be sent: only such a file can be deleted.
  const attachment = await insertAttachment(t, storage, question!);
  await t.database.db
    .update(attachments)
    .set({ messageId: null })
    .where(eq(attachments.id, attachment.id));
  const [session] = await t.database.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.userId, owner.user.pk));
  return {
    conversation: conversation.id,
    answer: answer!.id,
    attachment: attachment.id,
    session: session!.id,
  };
}

async function snapshot(records: Records) {
  const db = h.t.database.db;
  return {
    conversation: await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, records.conversation)),
    messages: await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, records.conversation))
      .orderBy(messages.seq),
    attachments: await db.select().from(attachments).where(eq(attachments.id, records.attachment)),
    session: await db.select().from(sessions).where(eq(sessions.id, records.session)),
  };
}

describe('authorization matrix', () => {
  it('has a row for every route that names a record', () => {
    const withParameter = h.t.app.apiRoutes.filter(
      (route) => route.includes('/:') && !publicRoutes().includes(route),
    );
    const covered = [...HTTP_ROWS.map((row) => row.route), ...NOT_RECORDS];
    expect(withParameter.filter((route) => !covered.includes(route))).toEqual([]);
  });

  it("answers another user's request on every row with 404 and changes nothing", async () => {
    const owner = await signedUpClient(h.t);
    const stranger = await signedUpClient(h.t);
    const records = await ownedRecords(owner);
    const before = await snapshot(records);
    for (const row of HTTP_ROWS) {
      const res = await stranger.client.request(row.request(records));
      expect([row.route, res.statusCode, res.json()]).toEqual([
        row.route,
        404,
        { detail: 'not_found' },
      ]);
    }
    expect(await snapshot(records)).toEqual(before);
  });

  it('lets the owner through on every row', async () => {
    const owner = await signedUpClient(h.t);
    const records = await ownedRecords(owner);
    for (const row of HTTP_ROWS) {
      const res = await owner.client.request(row.request(records));
      expect([row.route, res.statusCode, res.body]).toEqual([row.route, row.owner, res.body]);
    }
  });

  it("answers another user's socket messages with not_found and changes nothing", async () => {
    const owner = await signedUpClient(h.t);
    const stranger = await signedUpClient(h.t);
    const records = await ownedRecords(owner);
    const before = await snapshot(records);
    const tab: ChatSocket = await connectSocket(h, stranger.client.jar.get('access'));
    for (const [type, frameOf] of Object.entries(SOCKET_ROWS)) {
      if (type === 'chat.unsubscribe') continue;
      const frame = frameOf(records.conversation);
      tab.send(frame);
      const error = await tab.next('error', (f) => f.conversation_pk === records.conversation);
      expect([type, error.detail]).toEqual([type, 'not_found']);
    }
    tab.send({ type: 'ping', id: 'after' });
    await tab.next('pong');
    expect(tab.frames.some((f) => f.type === 'chat.delta' || f.type === 'chat.accepted')).toBe(
      false,
    );
    expect(await snapshot(records)).toEqual(before);
    tab.close();
  });
});
