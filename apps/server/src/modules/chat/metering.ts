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
  const [own] = await db
    .select({ limit: plans.monthlyTokenLimit })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId));
  // An account without a plan is on the default one.
  const [fallback] = own
    ? [own]
    : await db
        .select({ limit: plans.monthlyTokenLimit })
        .from(plans)
        .where(eq(plans.isDefault, true))
        .limit(1);
  const limit = fallback?.limit ?? 0;
  const [usage] = await db
    .select({ tokens: tokenUsage.tokens })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, userId), eq(tokenUsage.month, monthOf(now))));
  if ((usage?.tokens ?? 0) >= limit) throw new AppError('monthly_limit_reached', 403);
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
