import type { Database } from '../../db/client';
import { feedback } from '../../db/schema';

/** Stores a feedback message; returns its id. */
export async function insertFeedback(options: {
  db: Database;
  values: typeof feedback.$inferInsert;
}): Promise<string> {
  const [created] = await options.db
    .insert(feedback)
    .values(options.values)
    .returning({ id: feedback.id });
  return created!.id;
}
