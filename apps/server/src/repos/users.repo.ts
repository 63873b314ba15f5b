import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { plans, users, type PlanRow, type UserRow } from '../db/schema';
import { AppError } from '../errors';

// A session outlives its account only between the deletion and the sockets' close: the
// request is then treated as signed out.
const userGone = () => new AppError('unauthorized', 401, 'user gone');

/** The signed-in user's row, or 401 when the account has just been deleted. */
export async function requireUserRow(db: Database, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw userGone();
  return user;
}

/** The signed-in user with their plan (null for an account on the default plan). */
export async function requireUserWithPlan(
  db: Database,
  userId: string,
): Promise<{ user: UserRow; plan: PlanRow | null }> {
  const [row] = await db
    .select({ user: users, plan: plans })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, userId));
  if (!row) throw userGone();
  if (row.plan) return row;
  // No plan of their own (never chosen, or a subscription ended): the default plan.
  const [fallback] = await db.select().from(plans).where(eq(plans.isDefault, true)).limit(1);
  return { user: row.user, plan: fallback ?? null };
}

/** Locks the user's row for the rest of the transaction `tx`. */
export async function lockUserRow(tx: Database, userId: string): Promise<UserRow> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw userGone();
  return user;
}
