import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, ConversationPage, MessagePage } from '@themis/shared';
import { conversations } from '../src/db/schema';
import { Client, loginWithCode } from './accounts';
import {
  chatHarnessForFile,
  connectSocket,
  messageRowsOf,
  OPENAI_MODEL,
  sendFrame,
} from './chat-harness';
import { pdfWithText } from './attachment-files';
import { attachmentHelpers } from './attachment-setup';
import { encryptionHelpers } from './encryption-fixtures';
import { streamOpenAiAnswer } from './llm-upstreams';

// Conversations of an encrypted context are sealed as they are written, answers while they
// stream included, and read only in a session that unlocked the key.

const MARKER = 'ZX-MARKER-4471';
const h = chatHarnessForFile();
const files = attachmentHelpers(() => h.t);
const e = encryptionHelpers(h);
beforeAll(() => {
  h.answerWith((request, res) =>
    streamOpenAiAnswer(request, res, { deltas: [`Article 6 `, `${MARKER} answer.`] }),
  );
});

async function encryptedUser() {
  const account = await e.proUser();
  await e.setPin(account.client, '482913');
  const enabled = await account.client.post('/api/user/enable-encryption', {});
  expect(enabled.statusCode, enabled.body).toBe(200);
  return account;
}

async function askAndWait(client: Client, conversationPk: string, content: string) {
  const tab = await connectSocket(h, client.jar.get('access'));
  tab.send(sendFrame(conversationPk, { content }));
  const done = await tab.next('chat.done', (f) => f.conversation_pk === conversationPk);
  tab.close();
  return done;
}

describe('an encrypted conversation', () => {
  it('stores its name, question and answer sealed, and shows them to the unlocked session', async () => {
    const { client } = await encryptedUser();
    const created = await client.post('/api/conversation/create', {});
    expect(created.statusCode, created.body).toBe(201);
    const pk = (created.json() as Conversation).pk;
    const done = await askAndWait(client, pk, `What does ${MARKER} say about notice?`);
    expect(done.message.content).toBe(`Article 6 ${MARKER} answer.`);

    const rows = await messageRowsOf(h.t, pk);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.content.startsWith('enc:v1:')).toBe(true);
      expect(row.content).not.toContain(MARKER);
    }
    const [stored] = await h.t.database.db
      .select({ name: conversations.name, encrypted: conversations.encrypted })
      .from(conversations)
      .where(eq(conversations.id, pk));
    expect(stored?.encrypted).toBe(true);
    expect(stored?.name).not.toContain(MARKER);

    const page = (await client.get(`/api/conversation/messages/${pk}`)).json() as MessagePage;
    expect(page.items.map((m) => m.content)).toEqual([
      `What does ${MARKER} say about notice?`,
      `Article 6 ${MARKER} answer.`,
    ]);
    const list = (await client.get('/api/conversation/list')).json() as ConversationPage;
    expect(list.items.find((c) => c.pk === pk)?.name).toBe(`What does ${MARKER} say about notice?`);
    const found = await client.get(`/api/conversation/search?q=${MARKER}`);
    expect(found.statusCode).toBe(200);
    expect(found.body).not.toContain(pk);

    // Answering again reads the sealed question back for the model.
    const tab = await connectSocket(h, client.jar.get('access'));
    tab.send({
      type: 'chat.regenerate',
      request_id: 'sealed-regenerate',
      conversation_pk: pk,
      model_id: OPENAI_MODEL,
      language: 'en',
    });
    const again = await tab.next('chat.done', (f) => f.conversation_pk === pk);
    expect(again.message.content).toBe(`Article 6 ${MARKER} answer.`);
    expect(JSON.stringify(h.chatRequests().at(-1)?.body)).toContain(
      `What does ${MARKER} say about notice?`,
    );
    tab.close();
  });

  it('is locked to another session: no name, no messages, no question, until unlocked', async () => {
    const { client, email } = await encryptedUser();
    const pk = (await client.post('/api/conversation/create', {})).json().pk as string;
    await askAndWait(client, pk, `Is ${MARKER} binding?`);

    const other = new Client(h.t);
    await loginWithCode(h.t, other, email, false);
    const list = (await other.get('/api/conversation/list')).json() as ConversationPage;
    expect(list.items.find((c) => c.pk === pk)?.name).toBe('');
    const messages = await other.get(`/api/conversation/messages/${pk}`);
    expect([messages.statusCode, messages.json().detail]).toEqual([403, 'decryption_locked']);
    const renamed = await other.put(`/api/conversation/rename/${pk}`, { name: 'Guess' });
    expect(renamed.json().detail).toBe('decryption_locked');
    const created = await other.post('/api/conversation/create', {});
    expect([created.statusCode, created.json().detail]).toEqual([403, 'decryption_locked']);

    const tab = await connectSocket(h, other.jar.get('access'));
    const frame = sendFrame(pk, { content: 'Another question' });
    tab.send(frame);
    const refused = await tab.next('error', (f) => f.request_id === frame.request_id);
    expect(refused.detail).toBe('decryption_locked');
    tab.close();
    expect(await messageRowsOf(h.t, pk)).toHaveLength(2);

    expect(
      (await other.post('/api/user/unlock-decryption', { encryption_key: '482913' })).statusCode,
    ).toBe(200);
    const opened = (await other.get(`/api/conversation/messages/${pk}`)).json() as MessagePage;
    expect(opened.items[0]?.content).toBe(`Is ${MARKER} binding?`);
  });

  it('saves an answer sealed while it streams', async () => {
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, {
        deltas: Array.from({ length: 30 }, (_, i) => `${MARKER}-${i} `),
        delayMs: 30,
      }),
    );
    const { client } = await encryptedUser();
    const pk = (await client.post('/api/conversation/create', {})).json().pk as string;
    const tab = await connectSocket(h, client.jar.get('access'));
    tab.send(sendFrame(pk, { content: 'Long question' }));
    const accepted = await tab.next('chat.accepted');
    const empty = (await messageRowsOf(h.t, pk))[1]!.content.length;
    // A progress save lands while the answer is still streaming.
    await expect
      .poll(async () => {
        const [, answer] = await messageRowsOf(h.t, pk);
        return answer!.status === 'streaming' && answer!.content.length > empty;
      })
      .toBe(true);
    const [, answer] = await messageRowsOf(h.t, pk);
    expect(answer!.content.startsWith('enc:v1:')).toBe(true);
    expect(answer!.content).not.toContain(MARKER);
    await tab.next('chat.done', (f) => f.message.pk === accepted.answer.pk);
    tab.close();
  });

  it('seals a feedback comment on an answer', async () => {
    const { client } = await encryptedUser();
    const pk = (await client.post('/api/conversation/create', {})).json().pk as string;
    const done = await askAndWait(client, pk, 'Question');
    const rated = await client.post(`/api/message/feedback/${done.message.pk}`, {
      value: 'bad',
      reason: 'other',
      comment: `Wrong about ${MARKER}`,
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().feedback.comment).toBe(`Wrong about ${MARKER}`);
    const [, answer] = await messageRowsOf(h.t, pk);
    expect(answer?.feedbackComment?.startsWith('enc:v1:')).toBe(true);
  });

  it('stores an attachment sealed, file and text, and gives the model its text', async () => {
    h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['Read.'] }));
    const { client, user } = await encryptedUser();
    const pk = (await client.post('/api/conversation/create', {})).json().pk as string;
    const file = await files.uploadFile(
      client,
      pk,
      pdfWithText([`CLAUSE ${MARKER} the tenant pays monthly.`]),
      'lease.pdf',
    );
    expect(file).toMatchObject({ filename: 'lease.pdf', has_text: true });
    const [row] = await files.rowsOf(user.pk);
    expect(row?.sealed).toBe(true);
    expect(row?.extractedText?.startsWith('enc:v1:')).toBe(true);
    expect(row?.filename.startsWith('enc:v1:')).toBe(true);
    const [path] = await files.storedFiles(user.pk);
    const stored = await readFile(join(h.t.dataDir, 'files', 'users', user.pk, path!));
    expect(stored.subarray(0, 10).toString()).toBe('THEMISENC1');
    expect(stored.includes(Buffer.from(MARKER))).toBe(false);

    const tab = await connectSocket(h, client.jar.get('access'));
    tab.send(sendFrame(pk, { content: 'What does my lease say?', attachment_pks: [file.pk] }));
    const accepted = await tab.next('chat.accepted', (f) => f.conversation_pk === pk);
    expect(accepted.question.attachments).toMatchObject([{ filename: 'lease.pdf' }]);
    await tab.next('chat.done', (f) => f.conversation_pk === pk);
    tab.close();
    const model = JSON.stringify(h.chatRequests().at(-1)?.body);
    expect(model).toContain(`CLAUSE ${MARKER}`);
    expect(model).toContain('Attached file: lease.pdf');
    const listed = await client.get(`/api/conversation/messages/${pk}`);
    expect(listed.json().items[0].attachments).toMatchObject([{ filename: 'lease.pdf' }]);
  });
});
