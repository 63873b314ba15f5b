import {
  SHARE_VISITOR_AVATARS,
  sharedLinkUrl,
  type SharedLink,
  type SharedLinkPage,
  type SharePerson,
  type ZShareCreateRequest,
} from '@themis/shared';
import type { z } from 'zod';
import {
  requireContextAccess,
  requireConversationAccess,
  requireSharedLinkOwnership,
} from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import {
  FOREIGN_KEY_VIOLATION,
  isDatabaseError,
  UNIQUE_VIOLATION,
} from '../../db/constraint-errors';
import { AppError, notFound } from '../../errors';
import { decodeCursor, keysetPage } from '../../keyset-cursor';
import { openText, sealText } from '../../platform/crypto/conversation-crypto';
import { hashToken, randomToken } from '../../platform/crypto/secrets';
import { enqueueJob, JobDeferred, type JobHandlers } from '../../platform/jobs/job-queue';
import { type Transcript, transcriptForSharing } from '../conversations';
import { avatarUrl } from '../user';
import {
  deleteShare,
  disableShare,
  dropExpiredCopy,
  findShare,
  insertShare,
  findOpenShare,
  replaceShareMessages,
  shareListQuery,
  updateShare,
  visitorSummaries,
  type ShareRow,
  type VisitorSummary,
} from './sharing.repo';
import { recordAudit, type AuditOrigin } from '../audit';

export type SharingContext = Pick<
  AppContext,
  'db' | 'unlockedKeys' | 'now' | 'keys' | 'config' | 'eraseRemovedTextLater'
>;

const EXPIRE_JOB = 'sharing.expire';

const secretAddress = (share: { id: string; userId: string }) => ({
  owner: share.userId,
  table: 'conversation_shares',
  rowId: share.id,
  field: 'secret',
});

/** A name and picture, never an e-mail address. */
export function sharePerson(
  ctx: SharingContext,
  person: { name: string | null; surname: string | null; avatarKey: string | null },
): SharePerson {
  const fullName = [person.name, person.surname].filter((part) => part?.trim()).join(' ');
  return {
    full_name: fullName || null,
    avatar_url: avatarUrl(ctx.config.publicUrl.origin, person.avatarKey),
  };
}

function statusOf(share: Pick<ShareRow, 'disabledAt' | 'expiresAt'>, now: Date) {
  if (share.disabledAt) return 'disabled' as const;
  if (share.expiresAt && share.expiresAt.getTime() <= now.getTime()) return 'expired' as const;
  return 'active' as const;
}

function presentLink(ctx: SharingContext, share: ShareRow, visitors: VisitorSummary): SharedLink {
  const secret = openText(ctx.keys.shareLinkKey, secretAddress(share), share.sealedSecret);
  return {
    pk: share.id,
    conversation_pk: share.conversationId,
    conversation_name: share.name,
    created_at: share.createdAt.toISOString(),
    shared_at: share.sharedAt.toISOString(),
    expired_at: share.expiresAt?.toISOString() ?? null,
    status: statusOf(share, ctx.now()),
    shared_key: sharedLinkUrl(ctx.config.publicUrl.origin, secret),
    users: visitors.first.map((person) => sharePerson(ctx, person)),
    visitors_count: visitors.count,
    message_count: share.messageCount,
  };
}

async function presentLinks(ctx: SharingContext, shares: ShareRow[]) {
  const visitors = await visitorSummaries(
    ctx.db,
    shares.map((share) => share.id),
    SHARE_VISITOR_AVATARS,
  );
  return shares.map((share) => presentLink(ctx, share, visitors.get(share.id)!));
}

type ShareData = z.output<typeof ZShareCreateRequest>;

/** What a link records of the conversation shared now, with its expiry from now. */
function snapshotOf(transcript: Transcript, data: ShareData, now: Date) {
  return {
    name: transcript.name,
    messageCount: transcript.messages.length,
    sharedAt: now,
    expiresAt: data.expires_in_ms === null ? null : new Date(now.getTime() + data.expires_in_ms),
  };
}

/** The link's copy becomes the transcript's messages, removed again at its expiry. */
async function writeCopy(
  db: Database,
  shareId: string,
  transcript: Transcript,
  expiresAt: Date | null,
) {
  await replaceShareMessages(db, shareId, transcript.messages);
  await scheduleExpiry(db, shareId, expiresAt);
}

/**
 * Shares the conversation as it is now: a new link, or its open link (same address, same
 * visitors) updated to the conversation's messages now and the new expiry.
 */
/** A member's link, made, changed or ended, is an entry of their organization's audit log. */
async function recordLink(
  ctx: SharingContext,
  tx: SharingContext['db'],
  event: { actor: UserActor; origin: AuditOrigin; action: string; shareId: string },
) {
  const { actor } = event;
  if (actor.organizationId === null) return;
  await recordAudit({
    db: tx,
    now: ctx.now(),
    log: { organizationId: actor.organizationId },
    actorUserId: actor.userId,
    action: event.action,
    target: { type: 'shared_link', id: event.shareId },
    origin: event.origin,
  });
}

export async function shareConversation(options: {
  ctx: SharingContext;
  actor: UserActor;
  conversationId: string;
  data: ShareData;
  origin: AuditOrigin;
}): Promise<{ link: SharedLink; created: boolean }> {
  const { ctx, actor, conversationId, data } = options;
  const transcript = await transcriptForSharing({
    db: ctx.db,
    unlockedKeys: ctx.unlockedKeys,
    actor,
    conversationId,
    decryptConfirmed: data.decrypt_confirmed,
  });
  const snapshot = snapshotOf(transcript, data, ctx.now());
  const { shareId, created } = await ctx.db.transaction(async (tx) => {
    let open = await findOpenShare(tx, conversationId);
    if (!open) {
      const id = crypto.randomUUID();
      const secret = randomToken();
      const inserted = await insertShare(tx, {
        id,
        conversationId,
        userId: actor.userId,
        organizationId: actor.organizationId,
        secretHash: hashToken(secret),
        sealedSecret: sealText(
          ctx.keys.shareLinkKey,
          secretAddress({ id, userId: actor.userId }),
          secret,
        ),
        ...snapshot,
      }).catch((error: unknown) => {
        // The conversation was deleted since it was read.
        if (isDatabaseError(error, FOREIGN_KEY_VIOLATION)) {
          throw notFound('conversation');
        }
        throw error;
      });
      if (inserted) {
        await writeCopy(tx, id, transcript, snapshot.expiresAt);
        await recordLink(ctx, tx, {
          actor,
          origin: options.origin,
          action: 'link.shared',
          shareId: id,
        });
        return { shareId: id, created: true };
      }
      // Another request opened one meanwhile: this one updates it.
      open = await findOpenShare(tx, conversationId);
      if (!open) throw notFound('conversation');
    }
    await updateShare(tx, open.id, snapshot);
    await writeCopy(tx, open.id, transcript, snapshot.expiresAt);
    // The earlier copy is gone: so must its text be from the database's files.
    await ctx.eraseRemovedTextLater(tx);
    await recordLink(ctx, tx, {
      actor,
      origin: options.origin,
      action: 'link.updated',
      shareId: open.id,
    });
    return { shareId: open.id, created: false };
  });
  return { link: await presentShare(ctx, shareId, 'conversation'), created };
}

async function presentShare(ctx: SharingContext, shareId: string, missing: string) {
  const share = await findShare(ctx.db, shareId);
  if (!share) throw notFound(missing);
  const [link] = await presentLinks(ctx, [share]);
  return link!;
}

const superseded = () =>
  new AppError('share_link_superseded', 409, 'the conversation has another open link');

/**
 * Opens a disabled link again at its address, with its visitors: like sharing, it copies the
 * conversation as it is now (its old copy went when it was disabled), under the same rules
 * (a context that may share, consent to a readable copy of an encrypted conversation, an
 * unlocked key) and with an expiry counted from now. A link still open is simply updated.
 * Refused while the conversation has another open link: one per conversation.
 */
export async function enableSharedLink(options: {
  ctx: SharingContext;
  actor: UserActor;
  shareId: string;
  data: ShareData;
  origin: AuditOrigin;
}): Promise<SharedLink> {
  const { ctx, actor, shareId, data } = options;
  const link = await requireSharedLinkOwnership({
    db: ctx.db,
    actor,
    shareId,
    includeDisabled: true,
  });
  const transcript = await transcriptForSharing({
    db: ctx.db,
    unlockedKeys: ctx.unlockedKeys,
    actor,
    conversationId: link.conversationId,
    decryptConfirmed: data.decrypt_confirmed,
  });
  const snapshot = snapshotOf(transcript, data, ctx.now());
  await ctx.db.transaction(async (tx) => {
    const share = await findShare(tx, shareId, { lock: true });
    // Deleted meanwhile, with the conversation or by its owner.
    if (!share) throw notFound('shared link');
    if (share.disabledAt && (await findOpenShare(tx, share.conversationId, { lock: false }))) {
      throw superseded();
    }
    await updateShare(tx, shareId, { ...snapshot, disabledAt: null }).catch((error: unknown) => {
      // Another link of the conversation was opened meanwhile.
      if (isDatabaseError(error, UNIQUE_VIOLATION)) throw superseded();
      throw error;
    });
    await writeCopy(tx, shareId, transcript, snapshot.expiresAt);
    if (!share.disabledAt) await ctx.eraseRemovedTextLater(tx);
    const action = share.disabledAt ? 'link.enabled' : 'link.updated';
    await recordLink(ctx, tx, { actor, origin: options.origin, action, shareId });
  });
  return presentShare(ctx, shareId, 'shared link');
}

/** At its expiry the link's copy of the messages is removed, durably. */
async function scheduleExpiry(db: SharingContext['db'], shareId: string, expiresAt: Date | null) {
  if (expiresAt) await enqueueJob(db, { type: EXPIRE_JOB, payload: { shareId }, runAt: expiresAt });
}

/** The conversation's open link (active or expired), for the share dialog; 404 when none. */
export async function findConversationLink(options: {
  ctx: SharingContext;
  actor: UserActor;
  conversationId: string;
}): Promise<SharedLink> {
  const { ctx, actor, conversationId } = options;
  await requireConversationAccess({ db: ctx.db, actor, action: 'read', conversationId });
  const open = await findOpenShare(ctx.db, conversationId, { lock: false });
  if (!open) throw notFound('shared link');
  const [link] = await presentLinks(ctx, [open]);
  return link!;
}

/** The context's links, newest first; disabled ones only when asked for. */
export async function listSharedLinks(options: {
  ctx: SharingContext;
  actor: UserActor;
  cursor?: string;
  limit: number;
  includeDisabled: boolean;
}): Promise<SharedLinkPage> {
  const { ctx, actor, limit, includeDisabled } = options;
  const scope = requireContextAccess({ actor, action: 'conversation.list' });
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const rows = await shareListQuery({
    db: ctx.db,
    scope,
    after,
    limit: limit + 1,
    includeDisabled,
  });
  const links = await presentLinks(ctx, rows.slice(0, limit));
  const byId = new Map(links.map((link) => [link.pk, link]));
  return keysetPage(rows, limit, (row) => byId.get(row.id)!);
}

export async function disableSharedLink(options: {
  ctx: SharingContext;
  actor: UserActor;
  shareId: string;
  origin: AuditOrigin;
}): Promise<void> {
  const { ctx, actor, shareId } = options;
  await requireSharedLinkOwnership({ db: ctx.db, actor, shareId });
  await ctx.db.transaction(async (tx) => {
    if (!(await disableShare(tx, shareId, ctx.now()))) throw notFound('shared link');
    await ctx.eraseRemovedTextLater(tx);
    await recordLink(ctx, tx, { actor, origin: options.origin, action: 'link.disabled', shareId });
  });
}

/** Deletes a link, disabled or not, with its copy and its visitors. */
export async function deleteSharedLink(options: {
  ctx: SharingContext;
  actor: UserActor;
  shareId: string;
  origin: AuditOrigin;
}): Promise<void> {
  const { ctx, actor, shareId } = options;
  await requireSharedLinkOwnership({ db: ctx.db, actor, shareId, includeDisabled: true });
  await ctx.db.transaction(async (tx) => {
    if (!(await deleteShare(tx, shareId))) throw notFound('shared link');
    await ctx.eraseRemovedTextLater(tx);
    await recordLink(ctx, tx, { actor, origin: options.origin, action: 'link.deleted', shareId });
  });
}

export function sharingJobHandlers(ctx: SharingContext): JobHandlers {
  return {
    [EXPIRE_JOB]: async (payload) => {
      const now = ctx.now();
      const ahead = await dropExpiredCopy(ctx.db, (payload as { shareId: string }).shareId, now);
      // Run early (another instance's clock), or shared again for longer: wait for it.
      if (ahead) throw new JobDeferred(ahead.getTime() - now.getTime(), 'not expired yet');
      await ctx.eraseRemovedTextLater(ctx.db);
    },
  };
}
