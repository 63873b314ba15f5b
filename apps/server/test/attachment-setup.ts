import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { attachments, conversations, messages } from '../src/db/schema';
import type { ExchangeToStore } from '../src/modules/chat/chat.repo';
import type { LlmModel } from '../src/platform/llm/llm';
import { createDiskStorage } from '../src/platform/storage/disk-storage';
import type { TestApp } from './app';
import { signedUpClient, type Client } from './accounts';
import { listFiles, multipartBody, type FormPart } from './multipart';

/** A model description for loadAttachmentsForModel. */
export const testModel = (options: { vision: boolean; contextWindow?: number }): LlmModel => ({
  id: 'openai:test-model',
  provider: 'openai',
  model: 'test-model',
  display_name: 'Test model',
  vision: options.vision,
  context_window: options.contextWindow ?? 128_000,
  is_demo: false,
});

/** A new question to store with its empty answer, the files given sent with it. */
export const questionToStore = (
  attachmentIds: string[] = [],
  questionContent = 'Question',
): ExchangeToStore => ({
  questionId: randomUUID(),
  answerId: randomUUID(),
  answerContent: '',
  modelId: 'openai:gpt-test',
  reservedTokens: 100,
  name: undefined,
  step: { kind: 'send', questionContent, attachmentIds },
});

/** Helpers for the attachment tests, bound to the test app `app()` returns once it exists. */
export function attachmentHelpers(app: () => TestApp) {
  const storage = () => createDiskStorage(join(app().dataDir, 'files'));

  async function createConversation(userId: string): Promise<string> {
    const [row] = await app()
      .database.db.insert(conversations)
      .values({ userId, name: 'Lease questions' })
      .returning({ id: conversations.id });
    return row!.id;
  }

  /** A signed-up user with one conversation of their own. */
  async function userWithConversation() {
    const account = await signedUpClient(app());
    const conversationId = await createConversation(account.user.pk);
    return { ...account, userId: account.user.pk, conversationId };
  }

  /** A question in the conversation, to bind attachments to. */
  async function createQuestion(userId: string, conversationId: string): Promise<string> {
    const [row] = await app()
      .database.db.insert(messages)
      .values({ userId, conversationId, role: 'user', content: 'Question', status: 'complete' })
      .returning({ id: messages.id });
    return row!.id;
  }

  /** Files sent with a question, as the chat binds them. */
  async function bindToQuestion(messageId: string, attachmentIds: string[]): Promise<void> {
    await app()
      .database.db.update(attachments)
      .set({ messageId })
      .where(inArray(attachments.id, attachmentIds));
  }

  /** The stored files of a user (not their content-type companions). */
  async function storedFiles(userId: string): Promise<string[]> {
    return (await listFiles(join(app().dataDir, 'files', 'users', userId))).filter(
      (path) => !path.endsWith('~type'),
    );
  }

  const rowsOf = (userId: string) =>
    app().database.db.select().from(attachments).where(eq(attachments.userId, userId));

  function upload(client: Client, conversationId: string, parts: FormPart[]) {
    return client.request({
      method: 'POST',
      url: `/api/conversation/attachment/upload/${conversationId}`,
      ...multipartBody(parts),
    });
  }

  async function uploadFile(
    client: Client,
    conversationId: string,
    data: Buffer,
    filename: string,
    contentType?: string,
  ) {
    const res = await upload(client, conversationId, [
      { name: 'file', data, filename, contentType },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { pk: string; filename: string; media_type: string; has_text: boolean };
  }

  return {
    storage,
    createConversation,
    userWithConversation,
    createQuestion,
    bindToQuestion,
    storedFiles,
    rowsOf,
    upload,
    uploadFile,
  };
}
