import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plans, tokenUsage, users } from '../../db/schema';
import { AppError } from '../../errors';

/** The first day of the UTC month of `now`, as token_usage keys it ('2026-11-01'). */
export function monthOf(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${now.getUTCFullYear()}-${month}-01`;
}

/** Refuses with monthly_limit_reached once this month's tokens reach the plan's limit. */
export async function assertWithinMonthlyLimit(options: {
  db: Database;
  userId: string;
  now: Date;
}): Promise<void> {
  const { db, userId, now } = options;
  // One query: the user's plan (or the default one for an account without a plan) and this
  // month's usage.
  const defaultLimit = db
    .select({ limit: plans.monthlyTokenLimit })
    .from(plans)
    .where(eq(plans.isDefault, true))
    .limit(1);
  const [row] = await db
    .select({
      limit: sql`coalesce(${plans.monthlyTokenLimit}, (${defaultLimit}), 0)`.mapWith(Number),
      tokens: sql`coalesce(${tokenUsage.tokens}, 0)`.mapWith(Number),
    })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .leftJoin(tokenUsage, and(eq(tokenUsage.userId, users.id), eq(tokenUsage.month, monthOf(now))))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 404, 'user not found');
  if (row.tokens >= row.limit) throw new AppError('monthly_limit_reached', 403);
}

/** Adds an answer's tokens to the user's month. */
export async function addTokenUsage(options: {
  db: Database;
  userId: string;
  now: Date;
  tokens: number;
}): Promise<void> {
  const { db, userId, now, tokens } = options;
  await db
    .insert(tokenUsage)
    .values({ userId, month: monthOf(now), tokens })
    .onConflictDoUpdate({
      target: [tokenUsage.userId, tokenUsage.month],
      set: { tokens: sql`${tokenUsage.tokens} + ${tokens}` },
    });
}
