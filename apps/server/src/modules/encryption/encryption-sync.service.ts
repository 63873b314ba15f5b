import type { EncryptedCountQuery, EncryptionStatus } from '@themis/shared';
import { requireContextAccess, requireOrganizationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { SealBrokenError } from '../../platform/crypto/conversation-crypto';
import {
  enqueueJob,
  hasRunningJob,
  hasWaitingJob,
  hurryJobs,
  JobDeferred,
  type JobHandlers,
} from '../../platform/jobs/job-queue';
import {
  convertConversation,
  deleteEncryptedConversation,
  fileDiscardJobHandlers,
} from './conversation-conversion';
import { sealerOf } from './conversation-sealer';
import {
  conversationsToChange,
  countConversationsByContext,
  finishSync,
  markSyncPending,
  readSyncState,
  type ContextScope,
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

type SyncContext = Pick<
  AppContext,
  'db' | 'storage' | 'log' | 'unlockedKeys' | 'eraseRemovedTextLater'
>;
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
  await markSyncPending(db, userId);
  // Not keyed on the pending mark: a job that failed for good must not block later ones. Nor
  // on a running job: it may have read the state before this change, and end without it.
  if (!(await hasWaitingJob(db, { type: SYNC_JOB, field: 'userId', value: userId }))) {
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
  for (const { scope, desire } of plansOf(state)) {
    const bucket = ({ ENCRYPT: 'to_encrypt', DECRYPT: 'to_decrypt', DELETE: 'to_delete' } as const)[
      desire
    ];
    for (const row of counts) {
      const inScope = scope === 'any' || row.organizationId === scope;
      if (inScope && row.encrypted === (desire !== 'ENCRYPT')) pending[bucket] += row.count;
    }
  }
  if (pending.to_encrypt + pending.to_decrypt + pending.to_delete > 0) return pending;
  // Nothing counted, but the job runs: it is finishing, or a conversion it began before this
  // change has yet to commit and be undone (encryption turned on, then at once off with
  // DELETE). Reported as pending, so the page keeps asking and learns when the job is done.
  const running = await hasRunningJob(db, { type: SYNC_JOB, field: 'userId', value: userId });
  return running ? pending : null;
}

/**
 * How many of the actor's own conversations are encrypted in a scope: what turning the
 * encryption off there with DELETE (or removing the credential, for 'all') would remove.
 */
export async function countEncryptedConversations(options: {
  db: Database;
  actor: UserActor;
  query: EncryptedCountQuery;
}): Promise<number> {
  const { db, actor, query } = options;
  requireContextAccess({ actor, action: 'encryption.manage' });
  if (query.scope === 'organization') {
    await requireOrganizationAccess({
      db,
      actor,
      action: 'read',
      organizationId: query.organization_pk!,
    });
  }
  const inScope = (organizationId: string | null) =>
    query.scope === 'all' ||
    (query.scope === 'individual'
      ? organizationId === null
      : organizationId === query.organization_pk);
  const counts = await countConversationsByContext(db, actor.userId);
  return counts
    .filter((row) => row.encrypted && inScope(row.organizationId))
    .reduce((total, row) => total + row.count, 0);
}

/**
 * What to do where: each context by its switches; while the credential is being removed,
 * every encrypted conversation of the user, also in organizations they have left.
 */
function plansOf(state: SyncState): { scope: ContextScope; desire: Desire }[] {
  if (state.key?.removal) return [{ scope: 'any', desire: state.key.removal }];
  return state.contexts.flatMap((context) => {
    const desire = desireOf(context, state.key);
    return desire ? [{ scope: context.organizationId, desire }] : [];
  });
}

/** A stored value that does not open under the user's key (written under another one). */
const isBrokenSeal = (error: unknown) =>
  error instanceof SealBrokenError ||
  (error instanceof AppError && error.code === 'decryption_locked');

async function syncUser(ctx: SyncContext, userId: string): Promise<void> {
  const started = Date.now();
  const busy: string[] = [];
  // Conversations that do not open: left as they are (a removal deletes them instead).
  const broken: string[] = [];
  let unsettled = 0;
  let dataKey: Buffer | undefined;
  for (;;) {
    const state = await readSyncState(ctx.db, userId);
    if (!state?.pending) return;
    let changed = false;
    let waitingForKey = false;
    for (const { scope, desire } of plansOf(state)) {
      const ids = await conversationsToChange(ctx.db, {
        userId,
        organizationId: scope,
        encrypted: desire !== 'ENCRYPT',
        skip: [...busy, ...broken],
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
        let outcome;
        try {
          outcome =
            desire === 'DELETE' || !sealer
              ? await deleteEncryptedConversation({
                  db: ctx.db,
                  conversationId,
                  eraseLater: ctx.eraseRemovedTextLater,
                })
              : await convertConversation({
                  db: ctx.db,
                  storage: ctx.storage,
                  log: ctx.log,
                  conversationId,
                  seal: desire === 'ENCRYPT',
                  sealer,
                  eraseLater: ctx.eraseRemovedTextLater,
                });
        } catch (error) {
          if (!isBrokenSeal(error)) throw error;
          ctx.log.warn({ conversationId }, 'encrypted conversation does not open under its key');
          // Its key is going: it could never be read again.
          outcome = state.key?.removal
            ? await deleteEncryptedConversation({
                db: ctx.db,
                conversationId,
                eraseLater: ctx.eraseRemovedTextLater,
              })
            : (broken.push(conversationId), 'unchanged');
        }
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
    // A change came meanwhile: another pass, unless changes keep coming.
    unsettled += 1;
    if (unsettled > 3) throw new JobDeferred(BUSY_RETRY_MS, 'changes keep coming');
  }
}

export function encryptionJobHandlers(ctx: SyncContext): JobHandlers {
  return {
    [SYNC_JOB]: (payload) => syncUser(ctx, (payload as { userId: string }).userId),
    ...fileDiscardJobHandlers(ctx.storage),
  };
}
