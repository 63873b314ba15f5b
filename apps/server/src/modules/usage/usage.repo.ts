import { DEFAULT_ORGANIZATION_PLAN_CODE } from '@themis/shared';
import { sql } from 'drizzle-orm';
import type { BillingOwner } from '../../access/billing-owner';
import type { Scope } from '../../access/actor';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { organizationTokenUsage, tokenUsage } from '../../db/schema';

interface AllowanceRow {
  owner_found: boolean;
  token_limit: string | number;
  used: string | number;
  reserved: string | number;
}

/**
 * The owner's limit, use and reservations in the month, in one query (the database function
 * owner_allowance, which admitting a question reads too). bigint comes as text.
 */
export async function readOwnerAllowance(options: {
  db: Database;
  owner: BillingOwner;
  month: string;
}): Promise<AllowanceRow | undefined> {
  const { owner, month } = options;
  const userId = owner.kind === 'user' ? owner.userId : null;
  const organizationId = owner.kind === 'organization' ? owner.organizationId : null;
  const [row] = await rawRows<AllowanceRow>(
    options.db,
    sql`select owner_found, token_limit, used, reserved
    from owner_allowance(${userId}::uuid, ${organizationId}::uuid, ${month}::date,
      ${DEFAULT_ORGANIZATION_PLAN_CODE}::text)`,
  );
  return row;
}

/** Adds tokens to the month of the scope: the user's own, or their share of the organization's. */
export async function addTokenUsage(options: {
  db: Database;
  scope: Scope;
  month: string;
  tokens: number;
}): Promise<void> {
  const { db, scope, month, tokens } = options;
  if (scope.organizationId) {
    await db
      .insert(organizationTokenUsage)
      .values({ organizationId: scope.organizationId, userId: scope.userId, month, tokens })
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
    .values({ userId: scope.userId, month, tokens })
    .onConflictDoUpdate({
      target: [tokenUsage.userId, tokenUsage.month],
      set: { tokens: sql`${tokenUsage.tokens} + ${tokens}` },
    });
}
