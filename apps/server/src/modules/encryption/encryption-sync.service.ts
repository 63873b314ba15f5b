import type { EncryptionStatus } from '@themis/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  enqueueJob,
  hurryJobs,
  JobDeferred,
  type JobHandlers,
} from '../../platform/jobs/job-queue';
import {
  convertConversation,
  deleteEncryptedConversation,
  fileDiscardJobHandlers,
} from './conversation-conversion';
import { sealerOf } from './conversation-sealer.service';
import {
  conversationsToChange,
  countConversationsByContext,
  finishSync,
  markSyncPending,
  readSyncState,
  type ContextSwitches,
  type OffAction,
  type SyncState,
} from './encryption-sync.repo';

/**
 * The encryption sync job: after any change of a user's encryption (enabling, disabling,
 * forcing, removing the credential) it brings every conversation of theirs to what its
 * context's switches now ask, one conversation per transaction, until none is left. It is
 * one durable job per user, so a change made while it runs is picked up by the same job.
 */
const SYNC_JOB = 'encryption.sync';
const BATCH = 25;
/** A run yields to other jobs after this long and continues in the next one. */
const RUN_BUDGET_MS = 20_000;
/** An answer being written holds its conversation back for a moment. */
const BUSY_RETRY_MS = 3_000;
/** No session has the data key unlocked: the next unlock makes the job due at once. */
const LOCKED_RETRY_MS = 10 * 60_000;

type SyncContext = Pick<AppContext, 'db' | 'storage' | 'log' | 'unlockedKeys'>;
type Desire = OffAction | 'ENCRYPT';

/** What a context's conversations should become now, if anything. */
function desireOf(context: ContextSwitches, key: SyncState['key']): Desire | null {
  if (key?.removal) return key.removal;
  if (context.enabled || context.forced) return key ? 'ENCRYPT' : null;
  // Without a key nothing is encrypted (a key goes only once its conversations have).
  return key ? context.offAction : null;
}

/** Call in the transaction that changes the user's switches or key. */
export async function requestEncryptionSync(db: Database, userId: string): Promise<void> {
  if (await markSyncPending(db, userId)) {
    await enqueueJob(db, { type: SYNC_JOB, payload: { userId }, maxAttempts: 20 });
  }
}

/** The data key was just unlocked: a sync waiting for it runs now. */
export async function hurryEncryptionSync(db: Database, userId: string): Promise<void> {
  await hurryJobs(db, { type: SYNC_JOB, field: 'userId', value: userId });
}

/** What the sync job still has to do, for the user's status; null when nothing is left. */
export async function pendingConversations(
  db: Database,
  userId: string,
): Promise<EncryptionStatus['conversations_pending']> {
  const state = await readSyncState(db, userId);
  if (!state?.pending) return null;
  const pending = { to_encrypt: 0, to_decrypt: 0, to_delete: 0 };
  const counts = await countConversationsByContext(db, userId);
  for (const context of state.contexts) {
    const desire = desireOf(context, state.key);
    if (!desire) continue;
    const bucket = ({ ENCRYPT: 'to_encrypt', DECRYPT: 'to_decrypt', DELETE: 'to_delete' } as const)[
      desire
    ];
    for (const row of counts) {
      if (row.organizationId === context.organizationId && row.encrypted === (desire !== 'ENCRYPT'))
        pending[bucket] += row.count;
    }
  }
  // The job may still be finishing: with nothing left to change, there is nothing to show.
  return pending.to_encrypt + pending.to_decrypt + pending.to_delete > 0 ? pending : null;
}

async function syncUser(ctx: SyncContext, userId: string): Promise<void> {
  const started = Date.now();
  const busy: string[] = [];
  let dataKey: Buffer | undefined;
  for (;;) {
    const state = await readSyncState(ctx.db, userId);
    if (!state?.pending) return;
    let changed = false;
    let waitingForKey = false;
    for (const context of state.contexts) {
      const desire = desireOf(context, state.key);
      if (!desire) continue;
      const ids = await conversationsToChange(ctx.db, {
        userId,
        organizationId: context.organizationId,
        encrypted: desire !== 'ENCRYPT',
        skip: busy,
        limit: BATCH,
      });
      if (ids.length === 0) continue;
      if (desire !== 'DELETE') dataKey ??= await ctx.unlockedKeys.anyOfUser(userId);
      if (desire !== 'DELETE' && !dataKey) {
        waitingForKey = true;
        continue;
      }
      const sealer = dataKey && sealerOf(dataKey, userId);
      for (const conversationId of ids) {
        const outcome =
          desire === 'DELETE' || !sealer
            ? await deleteEncryptedConversation({ db: ctx.db, conversationId })
            : await convertConversation({
                db: ctx.db,
                storage: ctx.storage,
                log: ctx.log,
                conversationId,
                seal: desire === 'ENCRYPT',
                sealer,
              });
        if (outcome === 'busy') busy.push(conversationId);
        if (outcome === 'changed') changed = true;
      }
    }
    if (changed) {
      if (Date.now() - started > RUN_BUDGET_MS) throw new JobDeferred(0, 'more to do');
      continue;
    }
    if (busy.length > 0) throw new JobDeferred(BUSY_RETRY_MS, 'answers are being written');
    if (waitingForKey) throw new JobDeferred(LOCKED_RETRY_MS, 'no session holds the key');
    const removeKey = Boolean(state.key?.removal);
    if (await finishSync(ctx.db, { userId, version: state.version, removeKey })) {
      // No session may keep sealing with a data key that is gone.
      if (removeKey) await ctx.unlockedKeys.dropUser(userId);
      return;
    }
  }
}

export function encryptionJobHandlers(ctx: SyncContext): JobHandlers {
  return {
    [SYNC_JOB]: (payload) => syncUser(ctx, (payload as { userId: string }).userId),
    ...fileDiscardJobHandlers(ctx.storage),
  };
}
