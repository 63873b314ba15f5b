import { DEFAULT_ORGANIZATION_PLAN_CODE } from '@themis/shared';
import { sql } from 'drizzle-orm';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { organizationTokenUsage, tokenUsage } from '../../db/schema';
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
 * The month's allowance of a billing owner, in one query (the database function
 * owner_allowance, which admitting a question reads too).
 */
export async function readAllowance(options: {
  db: Database;
  owner: BillingOwner;
  now: Date;
}): Promise<Allowance> {
  const { db, owner } = options;
  const month = monthKey(options.now);
  // bigint comes as text.
  const [row] = await rawRows<AllowanceRow>(
    db,
    sql`select owner_found, token_limit, used, reserved
    from owner_allowance(${owner.userId}::uuid, ${owner.organizationId}::uuid, ${month}::date,
      ${DEFAULT_ORGANIZATION_PLAN_CODE}::text)`,
  );
  if (!row?.owner_found) throw new AppError('unauthorized', 401, 'owner gone');
  return {
    month,
    limit: Number(row.token_limit),
    used: Number(row.used),
    reserved: Number(row.reserved),
  };
}

interface AllowanceRow {
  owner_found: boolean;
  token_limit: string | number;
  used: string | number;
  reserved: string | number;
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
