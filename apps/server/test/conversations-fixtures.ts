import { eq } from 'drizzle-orm';
import { attachments, conversations, messages, type MessageRow } from '../src/db/schema';
import type { FileStorage } from '../src/platform/storage/storage';
import type { TestApp } from './app';

type MessageValues = Partial<typeof messages.$inferInsert>;

/** A conversation row written directly, with an explicit updated_at when given. */
export async function insertConversation(
  t: TestApp,
  userId: string,
  values: { name?: string; updatedAt?: Date; organizationId?: string } = {},
) {
  const [row] = await t.database.db
    .insert(conversations)
    .values({
      userId,
      name: values.name ?? 'Conversation',
      updatedAt: values.updatedAt,
      organizationId: values.organizationId ?? null,
    })
    .returning();
  return row!;
}

/** Messages written in order (seq increases with each), 'complete' unless said otherwise. */
export async function insertMessages(
  t: TestApp,
  conversation: { id: string; userId: string; organizationId?: string | null },
  rows: MessageValues[],
) {
  const inserted: MessageRow[] = [];
  for (const values of rows) {
    const [row] = await t.database.db
      .insert(messages)
      .values({
        conversationId: conversation.id,
        userId: conversation.userId,
        organizationId: conversation.organizationId ?? null,
        // One branch, as the chat writes it: each message follows the one before.
        parentId: inserted.at(-1)?.id ?? null,
        role: 'user',
        status: 'complete',
        content: '',
        ...values,
      })
      .returning();
    inserted.push(row!);
  }
  return inserted;
}

/** An attachment row bound to a message, with its file stored where uploads go. */
export async function insertAttachment(
  t: TestApp,
  storage: FileStorage,
  message: { id: string; conversationId: string; userId: string },
  values: { filename?: string; extractedText?: string | null } = {},
) {
  const id = crypto.randomUUID();
  const storageKey = `users/${message.userId}/attachments/${id}`;
  await storage.put(storageKey, Buffer.from('%PDF-1.4 test'), 'application/pdf');
  const [row] = await t.database.db
    .insert(attachments)
    .values({
      id,
      userId: message.userId,
      conversationId: message.conversationId,
      messageId: message.id,
      storageKey,
      filename: values.filename ?? 'umowa.pdf',
      mediaType: 'application/pdf',
      size: 13,
      extractedText: values.extractedText === undefined ? 'Umowa najmu' : values.extractedText,
    })
    .returning();
  return row!;
}

export async function conversationRow(t: TestApp, id: string) {
  const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** Disk storage whose delete fails for the keys in `failing`, to show that is not fatal. */
export function flakyStorage(storage: FileStorage, failing: Set<string>): FileStorage {
  return {
    ...storage,
    delete: async (key) => {
      if (failing.has(key)) throw new Error('disk unavailable');
      await storage.delete(key);
    },
  };
}
