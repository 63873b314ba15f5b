import { and, desc, eq, sql } from 'drizzle-orm';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { messages, plans, tokenUsage, users } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Who pays for an actor's tokens: the user in their own context. An organization's
 * members will share its pool.
 */
export interface BillingOwner {
  userId: string;
}

export const billingOwnerOf = (actor: UserActor): BillingOwner => ({ userId: actor.userId });

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
 * plan's for an account without one, as sign-up would have given), the tokens charged and
 * those reserved by answers still streaming.
 */
export async function readAllowance(options: {
  db: Database;
  owner: BillingOwner;
  now: Date;
}): Promise<Allowance> {
  const { db, owner } = options;
  const month = monthKey(options.now);
  const defaultLimit = db
    .select({ limit: plans.monthlyTokenLimit })
    .from(plans)
    .where(eq(plans.isDefault, true))
    .orderBy(desc(plans.createdAt))
    .limit(1);
  // messages_streaming_idx holds only the answers being written.
  const reserved = db
    .select({ sum: sql`coalesce(sum(${messages.reservedTokens}), 0)` })
    .from(messages)
    .where(and(eq(messages.status, 'streaming'), eq(messages.userId, owner.userId)));
  const [row] = await db
    .select({
      limit: sql`coalesce(${plans.monthlyTokenLimit}, (${defaultLimit}), 0)`.mapWith(Number),
      used: sql`coalesce(${tokenUsage.tokens}, 0)`.mapWith(Number),
      reserved: sql`(${reserved})`.mapWith(Number),
    })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .leftJoin(tokenUsage, and(eq(tokenUsage.userId, users.id), eq(tokenUsage.month, month)))
    .where(eq(users.id, owner.userId));
  if (!row) throw new AppError('unauthorized', 401, 'user gone');
  return { month, ...row };
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
  // as they were when it began, missing those just committed.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
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
  await db
    .insert(tokenUsage)
    .values({ userId: owner.userId, month: monthKey(options.now), tokens })
    .onConflictDoUpdate({
      target: [tokenUsage.userId, tokenUsage.month],
      set: { tokens: sql`${tokenUsage.tokens} + ${tokens}` },
    });
}
