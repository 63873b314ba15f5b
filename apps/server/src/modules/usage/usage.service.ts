import { and, desc, eq } from 'drizzle-orm';
import type { UsageResponse } from '@themis/shared';
import type { Database } from '../../db/client';
import { plans, tokenUsage, users } from '../../db/schema';

/** 'YYYY-MM' of `now` in UTC: months are counted in UTC everywhere. */
export const usageMonth = (now: Date) => now.toISOString().slice(0, 7);

/** Tokens used this calendar month against the monthly limit of the user's plan. */
export async function getCurrentUsage(options: {
  db: Database;
  actor: { userId: string };
  now: Date;
}): Promise<UsageResponse> {
  const { db, actor } = options;
  const month = usageMonth(options.now);
  const [used] = await db
    .select({ tokens: tokenUsage.tokens })
    .from(tokenUsage)
    .where(and(eq(tokenUsage.userId, actor.userId), eq(tokenUsage.month, `${month}-01`)));
  return {
    month,
    used_tokens: used?.tokens ?? 0,
    limit_tokens: await monthlyLimitOf(db, actor.userId),
  };
}

// A user without a plan is held to the default plan, as sign-up would have given them.
async function monthlyLimitOf(db: Database, userId: string): Promise<number> {
  const [own] = await db
    .select({ limit: plans.monthlyTokenLimit })
    .from(users)
    .innerJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId));
  if (own) return own.limit;
  const [fallback] = await db
    .select({ limit: plans.monthlyTokenLimit })
    .from(plans)
    .where(eq(plans.isDefault, true))
    .orderBy(desc(plans.createdAt))
    .limit(1);
  return fallback?.limit ?? 0;
}
