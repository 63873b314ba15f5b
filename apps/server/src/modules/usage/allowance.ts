import type { Scope } from '../../access/actor';
import type { BillingOwner } from '../../access/billing-owner';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { addTokenUsage, readOwnerAllowance } from './usage.repo';

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

/** The month's allowance of a billing owner. */
export async function readAllowance(options: {
  db: Database;
  owner: BillingOwner;
  now: Date;
}): Promise<Allowance> {
  const month = monthKey(options.now);
  const row = await readOwnerAllowance({ db: options.db, owner: options.owner, month });
  if (!row?.owner_found) throw new AppError('unauthorized', 401, 'owner gone');
  return {
    month,
    limit: Number(row.token_limit),
    used: Number(row.used),
    reserved: Number(row.reserved),
  };
}

/**
 * Adds an answer's tokens to the month of `owner`, the scope they were spent in: the user's
 * own allowance, or the organization's pool, where each member's share is counted.
 */
export async function chargeTokens(options: {
  db: Database;
  owner: Scope;
  now: Date;
  tokens: number;
}): Promise<void> {
  await addTokenUsage({
    db: options.db,
    scope: options.owner,
    month: monthKey(options.now),
    tokens: options.tokens,
  });
}
