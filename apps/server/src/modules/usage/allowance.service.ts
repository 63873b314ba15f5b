import { DEFAULT_ORGANIZATION_PLAN_CODE } from '@themis/shared';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import {
  messages,
  organizations,
  organizationTokenUsage,
  plans,
  tokenUsage,
  users,
} from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Who pays for an actor's tokens: the user in their own context, or the organization they
 * act in, whose plan's limit all its members share.
 */
export interface BillingOwner {
  userId: string;
  organizationId: string | null;
}

export const billingOwnerOf = (actor: UserActor): BillingOwner => ({
  userId: actor.userId,
  organizationId: actor.organizationId,
});

/** The first day of the UTC month of `now`, as token_usage keys it ('2026-11-01'). */
export function monthKey(now: Date): string {
  return `${now.toISOString().slice(0, 7)}-01`;
}

export interface Allowance {
  /** 'YYYY-MM-01' (UTC). */
  month: string;
  limit: number;
  /** Tokens charged this month. */
  used: number;
  /** Tokens set aside for answers being written now. */
  reserved: number;
}

/**
 * The month's allowance of a billing owner, in one query: the plan's limit (the default
 * plan of its scope for an account or organization without one), the tokens charged and
 * those reserved by answers still streaming.
 */
export async function readAllowance(options: {
  db: Database;
  owner: BillingOwner;
  now: Date;
}): Promise<Allowance> {
  const { owner } = options;
  const month = monthKey(options.now);
  const row = owner.organizationId
    ? await readOrganizationAllowance({ ...options, organizationId: owner.organizationId, month })
    : await readIndividualAllowance({ ...options, month });
  if (!row) throw new AppError('unauthorized', 401, 'owner gone');
  return { month, ...row };
}

function defaultLimit(db: Database, scope: 'individual' | 'organization') {
  const byScope =
    scope === 'individual'
      ? eq(plans.isDefault, true)
      : and(eq(plans.scope, 'organization'), eq(plans.code, DEFAULT_ORGANIZATION_PLAN_CODE));
  return db
    .select({ limit: plans.monthlyTokenLimit })
    .from(plans)
    .where(byScope)
    .orderBy(desc(plans.createdAt))
    .limit(1);
}

async function readIndividualAllowance(options: {
  db: Database;
  owner: BillingOwner;
  month: string;
}) {
  const { db, owner, month } = options;
  // messages_streaming_user_idx holds only the answers being written.
  const reserved = db
    .select({ sum: sql`coalesce(sum(${messages.reservedTokens}), 0)` })
    .from(messages)
    .where(
      and(
        eq(messages.status, 'streaming'),
        eq(messages.userId, owner.userId),
        isNull(messages.organizationId),
      ),
    );
  const [row] = await db
    .select({
      limit:
        sql`coalesce(${plans.monthlyTokenLimit}, (${defaultLimit(db, 'individual')}), 0)`.mapWith(
          Number,
        ),
      used: sql`coalesce(${tokenUsage.tokens}, 0)`.mapWith(Number),
      reserved: sql`(${reserved})`.mapWith(Number),
    })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .leftJoin(tokenUsage, and(eq(tokenUsage.userId, users.id), eq(tokenUsage.month, month)))
    .where(eq(users.id, owner.userId));
  return row;
}

async function readOrganizationAllowance(options: {
  db: Database;
  organizationId: string;
  month: string;
}) {
  const { db, organizationId, month } = options;
  // messages_streaming_organization_idx holds only the answers being written.
  const reserved = db
    .select({ sum: sql`coalesce(sum(${messages.reservedTokens}), 0)` })
    .from(messages)
    .where(and(eq(messages.status, 'streaming'), eq(messages.organizationId, organizationId)));
  const used = db
    .select({ sum: sql`coalesce(sum(${organizationTokenUsage.tokens}), 0)` })
    .from(organizationTokenUsage)
    .where(
      and(
        eq(organizationTokenUsage.organizationId, organizationId),
        eq(organizationTokenUsage.month, month),
      ),
    );
  const [row] = await db
    .select({
      limit:
        sql`coalesce(${plans.monthlyTokenLimit}, (${defaultLimit(db, 'organization')}), 0)`.mapWith(
          Number,
        ),
      used: sql`(${used})`.mapWith(Number),
      reserved: sql`(${reserved})`.mapWith(Number),
    })
    .from(organizations)
    .leftJoin(plans, eq(plans.id, organizations.planId))
    .where(eq(organizations.id, organizationId));
  return row;
}

/**
 * Within transaction `tx`: waits for the owner's other answers to be admitted, then refuses
 * with monthly_limit_reached once charged and reserved tokens reach the limit. Parallel
 * questions are admitted one at a time, each seeing the others' reservations, so together
 * they pass the limit by at most one answer.
 */
export async function admitAnswer(options: {
  tx: Database;
  owner: BillingOwner;
  now: Date;
}): Promise<void> {
  const { tx, owner } = options;
  // A statement of its own: one that waited for the lock would still read the reservations
  // as they were when it began, missing those just committed. An organization's members
  // queue on the organization's row, as they share its pool.
  if (owner.organizationId) {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, owner.organizationId))
      .for('update');
  } else {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
  }
  const allowance = await readAllowance({ db: tx, owner, now: options.now });
  if (allowance.used + allowance.reserved >= allowance.limit) {
    throw new AppError('monthly_limit_reached', 403);
  }
}

/** Adds an answer's tokens to the owner's month. */
export async function chargeTokens(options: {
  db: Database;
  owner: BillingOwner;
  now: Date;
  tokens: number;
}): Promise<void> {
  const { db, owner, tokens } = options;
  const month = monthKey(options.now);
  if (owner.organizationId) {
    await db
      .insert(organizationTokenUsage)
      .values({ organizationId: owner.organizationId, userId: owner.userId, month, tokens })
      .onConflictDoUpdate({
        target: [
          organizationTokenUsage.organizationId,
          organizationTokenUsage.month,
          organizationTokenUsage.userId,
        ],
        set: { tokens: sql`${organizationTokenUsage.tokens} + ${tokens}` },
      });
    return;
  }
  await db
    .insert(tokenUsage)
    .values({ userId: owner.userId, month, tokens })
    .onConflictDoUpdate({
      target: [tokenUsage.userId, tokenUsage.month],
      set: { tokens: sql`${tokenUsage.tokens} + ${tokens}` },
    });
}
