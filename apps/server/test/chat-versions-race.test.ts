import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/db/schema';
import { streamOpenAiAnswer } from './llm-upstreams';
import { chatHarnessForFile, messageRowsOf, sendFrame, signedInTab } from './chat-harness';

// A question is prepared (the shown branch read, files and prompt built) before the
// conversation is locked to store it. Another instance may show another version, or take the
// conversation, in between: the question must not be stored after a branch no longer shown.
// It needs a second connection holding the conversation's lock, which the embedded database
// (one connection) cannot give.

const h = chatHarnessForFile();

describe.skipIf(!process.env.TEST_DATABASE_URL)('a question racing a version switch', () => {
  it('is refused as busy when the shown branch changed while it was prepared', async () => {
    h.answerWith((request, res) => streamOpenAiAnswer(request, res, { deltas: ['an answer'] }));
    const { tab, conversationPk } = await signedInTab(h);
    const first = sendFrame(conversationPk, { content: 'Q1' });
    tab.send(first);
    const accepted = await tab.next('chat.accepted', (f) => f.request_id === first.request_id);
    await tab.next('chat.done', (f) => f.message.pk === accepted.answer.pk);
    const before = await messageRowsOf(h.t, conversationPk);

    const db = h.t.database.db;
    const second = sendFrame(conversationPk, { content: 'Q2' });
    await db.transaction(async (tx) => {
      // What a switch on another instance holds while it changes the shown branch.
      await tx.execute(sql`select id from conversations where id = ${conversationPk} for update`);
      tab.send(second);
      // The question, prepared against the branch shown now, waits for the lock.
      await expect
        .poll(async () => {
          const [row] = await db
            .select({ waiting: sql<number>`count(*)::int` })
            .from(sql`pg_stat_activity`)
            .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
          return row?.waiting;
        })
        .toBe(1);
      await tx.update(messages).set({ shown: false }).where(eq(messages.id, accepted.answer.pk));
    });

    const refused = await tab.next('error', (f) => f.request_id === second.request_id);
    expect(refused.detail).toBe('conversation_busy');
    expect(await messageRowsOf(h.t, conversationPk)).toHaveLength(before.length);
  });
});
