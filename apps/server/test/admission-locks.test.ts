import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { rawRows } from '../src/db/raw-rows';
import { conversations } from '../src/db/schema';
import { storeExchange } from '../src/modules/chat/chat.repo';
import { monthKey } from '../src/modules/usage/allowance';
import { createTestApp, type TestApp } from './app';
import { questionToStore } from './attachment-setup';
import { firm } from './organization-fixtures';

// An admission locks its conversation and its billing owner until its transaction ends. On
// PostgreSQL, questions of many people are stored together, several batches at once: a lock
// that also stopped the foreign-key check of another question's message on the same person
// could make two batches wait on each other. It needs a second connection holding the lock,
// which the embedded database (one session) cannot give.

/** Whether a statement of this database waited for a lock before `settled` settled. */
async function waitedForLock(db: Database, settled: Promise<unknown>): Promise<boolean> {
  let done = false;
  void settled.finally(() => (done = true)).catch(() => undefined);
  while (!done) {
    const [row] = await rawRows<{ waiting: number }>(
      db,
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (row!.waiting > 0) return true;
  }
  return false;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the locks of an admission', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("do not hold up the same person's question in an organization", async () => {
    const { owner, organizationId } = await firm(t);
    const userId = owner.user.pk;
    const db = t.database.db;
    const [own, firmWide] = await db
      .insert(conversations)
      .values([
        { userId, name: 'Own' },
        { userId, organizationId, name: 'Firm' },
      ])
      .returning({ id: conversations.id });
    const ticket = (conversationId: string, inOrganization: string | null) => ({
      conversationId,
      owner: { userId, organizationId: inOrganization },
      sealed: false,
      lastShownId: null,
      month: monthKey(new Date()),
    });

    const waited = await db.transaction(async (tx) => {
      // What a batch holds while it stores the person's own question.
      const [admitted] = await rawRows<{ refusal: string | null }>(
        tx,
        sql`select admit_exchange(${own!.id}::uuid, ${userId}::uuid, null, false, null,
          ${monthKey(new Date())}::date, 'unused') as refusal`,
      );
      expect(admitted!.refusal).toBeNull();
      const stored = storeExchange(db, ticket(firmWide!.id, organizationId), questionToStore());
      const sawWait = await waitedForLock(db, stored);
      if (!sawWait) expect(await stored).toHaveProperty('question');
      return sawWait;
    });
    expect(waited).toBe(false);
  });
});
