import type { Database } from '../../db/client';
import { enqueueJob, hasWaitingJob, type JobHandlers } from '../../platform/jobs/job-queue';
import { checkpointPastWal, vacuumFull } from './removed-text.repo';

/**
 * Conversation text that was sealed, opened or removed stays in the embedded database's
 * files as old row versions until they are rewritten: PGlite has no autovacuum, and even a
 * plain VACUUM keeps a text's words in the search index's entry pages. VACUUM FULL writes
 * these tables anew; the old files are truncated at once. The WAL that recorded the old
 * versions is then switched away from and checkpointed past, and since the database thread
 * runs with wal_recycle off, those segments are deleted rather than renamed for reuse.
 */
const CONVERSATION_TEXT_TABLES = [
  'conversations',
  'messages',
  'attachments',
  'conversation_shares',
  'share_messages',
] as const;

const ERASE_JOB = 'encryption.erase-removed-text';
const SCOPE = 'conversation-text';

/** Rewrites the tables of conversation text and drops the WAL that held their old rows. */
export async function eraseRemovedText(db: Database): Promise<void> {
  await vacuumFull({ db, tables: CONVERSATION_TEXT_TABLES });
  await checkpointPastWal({ db });
}

/**
 * What a transaction that sealed, opened or removed conversation text calls: on the embedded
 * database the old versions are erased by a job soon after it commits (one waiting job serves
 * every change before it runs). PostgreSQL's files and WAL archive are its operator's: nothing.
 */
export type EraseRemovedTextLater = (db: Database) => Promise<void>;

export function eraseRemovedTextLater(kind: 'pglite' | 'postgres'): EraseRemovedTextLater {
  if (kind === 'postgres') return async () => undefined;
  return async (db) => {
    if (await hasWaitingJob(db, { type: ERASE_JOB, field: 'scope', value: SCOPE })) return;
    await enqueueJob(db, { type: ERASE_JOB, payload: { scope: SCOPE }, maxAttempts: 30 });
  };
}

export function removedTextJobHandlers(db: Database): JobHandlers {
  return { [ERASE_JOB]: () => eraseRemovedText(db) };
}
