import { and, eq, inArray, sql } from 'drizzle-orm';
import type { EncryptedConversationsAction } from '@themis/shared';
import type { Database } from '../../db/client';
import { memberships, organizations, plans, users } from '../../db/schema';

/** A context's encryption switch, and what became of its conversations when it went off. */
export type EncryptionSwitch =
  | { encryptionEnabled: true; encryptionOffAction: null }
  | { encryptionEnabled: false; encryptionOffAction: EncryptedConversationsAction };

/** Whether the user's own plan has the encryption option. */
export async function planHasEncryption(options: {
  db: Database;
  userId: string;
}): Promise<boolean> {
  const [plan] = await options.db
    .select({ hasEncryption: plans.hasEncryption })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, options.userId));
  return plan?.hasEncryption ?? false;
}

/** The switch of the user's own context. */
export async function setOwnEncryptionSwitch(options: {
  db: Database;
  userId: string;
  set: EncryptionSwitch;
}): Promise<void> {
  await options.db.update(users).set(options.set).where(eq(users.id, options.userId));
}

/** Turns encryption off in the user's own context and every membership not forced to keep it. */
export async function turnOffVoluntaryEncryption(options: {
  db: Database;
  userId: string;
  action: EncryptedConversationsAction;
}): Promise<void> {
  const { db, userId } = options;
  const off = { encryptionEnabled: false, encryptionOffAction: options.action };
  await db.update(users).set(off).where(eq(users.id, userId));
  const voluntary = db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.encryptionForced, false));
  await db
    .update(memberships)
    .set(off)
    .where(and(eq(memberships.userId, userId), inArray(memberships.organizationId, voluntary)));
}

/** The user's own membership, with whether its organization forces encryption. */
export async function findOwnMembershipSwitch(options: {
  db: Database;
  userId: string;
  membershipId: string;
}): Promise<{ organizationId: string; forced: boolean } | undefined> {
  const [membership] = await options.db
    .select({
      organizationId: memberships.organizationId,
      forced: organizations.encryptionForced,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.id, options.membershipId), eq(memberships.userId, options.userId)));
  return membership;
}

export async function setMembershipEncryptionSwitch(options: {
  db: Database;
  membershipId: string;
  set: EncryptionSwitch;
}): Promise<void> {
  await options.db
    .update(memberships)
    .set(options.set)
    .where(eq(memberships.id, options.membershipId));
}

/** Whether the organization forces encryption, its row locked for the transaction. */
export async function lockEncryptionForced(options: {
  db: Database;
  organizationId: string;
}): Promise<boolean | undefined> {
  const [row] = await options.db
    .select({ forced: organizations.encryptionForced })
    .from(organizations)
    .where(eq(organizations.id, options.organizationId))
    .for('update');
  return row?.forced;
}

export async function setEncryptionForcedFlag(options: {
  db: Database;
  organizationId: string;
  forced: boolean;
}): Promise<void> {
  await options.db
    .update(organizations)
    .set({ encryptionForced: options.forced, updatedAt: sql`now()` })
    .where(eq(organizations.id, options.organizationId));
}

/** Turns encryption on in every membership of the organization; returns their users. */
export async function enableMembersEncryption(options: {
  db: Database;
  organizationId: string;
}): Promise<string[]> {
  const members = await options.db
    .update(memberships)
    .set({ encryptionEnabled: true, encryptionOffAction: null })
    .where(eq(memberships.organizationId, options.organizationId))
    .returning({ userId: memberships.userId });
  return members.map((member) => member.userId);
}
