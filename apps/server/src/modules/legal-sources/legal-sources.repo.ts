import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { legalSourceChecks } from '../../db/schema';

export type StoredCheck = typeof legalSourceChecks.$inferSelect;

export function findStoredChecks(db: Database, keys: string[]): Promise<StoredCheck[]> {
  return db.select().from(legalSourceChecks).where(inArray(legalSourceChecks.key, keys));
}

/** Keeps the registers' latest answers, the newer one winning for a key asked twice at once. */
export async function storeChecks(db: Database, checks: StoredCheck[]): Promise<void> {
  if (!checks.length) return;
  await db
    .insert(legalSourceChecks)
    .values(checks)
    .onConflictDoUpdate({
      target: legalSourceChecks.key,
      set: {
        state: sql`excluded.state`,
        title: sql`excluded.title`,
        repealedOn: sql`excluded.repealed_on`,
        repealedBy: sql`excluded.repealed_by`,
        url: sql`excluded.url`,
        checkedAt: sql`excluded.checked_at`,
      },
    });
}
