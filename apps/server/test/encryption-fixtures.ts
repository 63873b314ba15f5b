import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { EncryptionStatus } from '@themis/shared';
import { attachments, conversations, encryptionKeys, messages } from '../src/db/schema';
import { runOperatorCommand } from '../src/operator/commands';
import { type Client, signedUpClient } from './accounts';
import { pdfWithText } from './attachment-files';
import { attachmentHelpers } from './attachment-setup';
import { connectSocket, sendFrame, type ChatHarness } from './chat-harness';

// Accounts and conversations for the encryption switch tests: a user on a plan with
// encryption, a conversation holding a marker in every sealable place, and what the
// database and the file store hold of it.

export const PIN = '482913';

export function encryptionHelpers(h: ChatHarness) {
  const files = attachmentHelpers(() => h.t);
  const db = () => h.t.database.db;

  /** A signed-up user put on the Pro plan (which has the encryption option) by the operator. */
  async function proUser() {
    const account = await signedUpClient(h.t);
    await runOperatorCommand({
      db: db(),
      config: h.t.config,
      now: new Date(),
      args: ['user', 'set-plan', account.email, 'pro'],
    });
    return account;
  }

  async function setPin(client: Client, pin = PIN): Promise<EncryptionStatus> {
    const res = await client.post('/api/user/create-encryption-secrets', {
      encryption_key_type: 'PIN',
      encryption_key: pin,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  async function status(client: Client): Promise<EncryptionStatus> {
    return (await client.get('/api/user/get')).json().encryption;
  }

  async function ask(client: Client, conversationPk: string, content: string) {
    const tab = await connectSocket(h, client.jar.get('access'));
    tab.send(sendFrame(conversationPk, { content }));
    const done = await tab.next('chat.done', (f) => f.conversation_pk === conversationPk);
    tab.close();
    return done;
  }

  /**
   * A conversation named after `marker` in the actor's current context, with a question and
   * answer, a pdf whose name and text hold it, and a feedback comment holding it.
   */
  async function conversationWith(client: Client, marker: string): Promise<string> {
    const created = await client.post('/api/conversation/create', { name: `Name ${marker}` });
    expect(created.statusCode, created.body).toBe(201);
    const pk = created.json().pk as string;
    const file = await files.uploadFile(
      client,
      pk,
      pdfWithText([`CLAUSE ${marker} the tenant pays.`]),
      `Lease ${marker}.pdf`,
    );
    const tab = await connectSocket(h, client.jar.get('access'));
    tab.send(sendFrame(pk, { content: `Question ${marker}`, attachment_pks: [file.pk] }));
    const done = await tab.next('chat.done', (f) => f.conversation_pk === pk);
    tab.close();
    const rated = await client.post(`/api/message/feedback/${done.message.pk}`, {
      value: 'bad',
      reason: 'other',
      comment: `Comment ${marker}`,
    });
    expect(rated.statusCode, rated.body).toBe(200);
    return pk;
  }

  /** Everything stored of the conversation, rows and file bytes, as one text. */
  async function storedText(conversationPk: string): Promise<string> {
    const [conversation] = await db()
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationPk));
    const messageRows = await db()
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationPk));
    const fileRows = await db()
      .select()
      .from(attachments)
      .where(eq(attachments.conversationId, conversationPk));
    const bytes = await Promise.all(
      fileRows.map((row) =>
        readFile(join(h.t.dataDir, 'files', row.storageKey)).then((b) => b.toString('latin1')),
      ),
    );
    return JSON.stringify({ conversation, messageRows, fileRows, bytes });
  }

  /** Whether the conversation and everything in it is marked sealed (true) or plain (false). */
  async function sealedState(conversationPk: string) {
    const [conversation] = await db()
      .select({ encrypted: conversations.encrypted })
      .from(conversations)
      .where(eq(conversations.id, conversationPk));
    const messageRows = await db()
      .select({ sealed: messages.sealed })
      .from(messages)
      .where(eq(messages.conversationId, conversationPk));
    const fileRows = await db()
      .select({ sealed: attachments.sealed })
      .from(attachments)
      .where(eq(attachments.conversationId, conversationPk));
    return {
      conversation: conversation?.encrypted,
      parts: [...messageRows, ...fileRows].map((row) => row.sealed),
    };
  }

  async function keyRowOf(userId: string) {
    const [row] = await db().select().from(encryptionKeys).where(eq(encryptionKeys.userId, userId));
    return row;
  }

  return {
    files,
    proUser,
    setPin,
    status,
    ask,
    conversationWith,
    storedText,
    sealedState,
    keyRowOf,
    runJobs: () => h.t.app.jobs.runDueJobs(),
  };
}
