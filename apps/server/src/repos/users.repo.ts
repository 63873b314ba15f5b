import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { plans, users, type PlanRow, type UserRow } from '../db/schema';

type UserInsert = typeof users.$inferInsert;
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

export async function findUser(options: {
  db: Database;
  userId: string;
}): Promise<UserRow | undefined> {
  const [user] = await options.db.select().from(users).where(eq(users.id, options.userId));
  return user;
}

export async function findUserByEmail(options: {
  db: Database;
  email: string;
}): Promise<UserRow | undefined> {
  const [user] = await options.db.select().from(users).where(eq(users.email, options.email));
  return user;
}

/** The default plan, read inside the insert rather than by a query of its own. */
const defaultPlanId = sql<string>`(select ${plans.id} from ${plans} where ${plans.isDefault} limit 1)`;

/**
 * A new account on the default plan; undefined when one of its address was created meanwhile.
 */
export async function insertUserOnDefaultPlan(options: {
  db: Database;
  values: Omit<UserInsert, 'planId'>;
}): Promise<UserRow | undefined> {
  const [user] = await options.db
    .insert(users)
    .values({ ...options.values, planId: defaultPlanId })
    .onConflictDoNothing()
    .returning();
  return user;
}

/** Changes fields of the user's row; returns the row as it is now. */
export async function updateUser(options: {
  db: Database;
  userId: string;
  set: Partial<UserInsert>;
}): Promise<UserRow | undefined> {
  const [user] = await options.db
    .update(users)
    .set(options.set)
    .where(eq(users.id, options.userId))
    .returning();
  return user;
}

/** Sets a password on an account that has none, in the update itself: false when it had one. */
export async function setFirstPasswordHash(options: {
  db: Database;
  userId: string;
  passwordHash: string;
  now: Date;
}): Promise<boolean> {
  const updated = await options.db
    .update(users)
    .set({ passwordHash: options.passwordHash, updatedAt: options.now })
    .where(and(eq(users.id, options.userId), isNull(users.passwordHash)))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Deletes the account and, through the foreign keys, everything it owns. */
export async function deleteUser(options: { db: Database; userId: string }): Promise<void> {
  await options.db.delete(users).where(eq(users.id, options.userId));
}

/** Everyone acting in the organization falls back to their own context. */
export async function clearCurrentOrganization(options: {
  db: Database;
  organizationId: string;
}): Promise<void> {
  await options.db
    .update(users)
    .set({ currentOrganizationId: null })
    .where(eq(users.currentOrganizationId, options.organizationId));
}
