import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from '../access/actor';

/** `column` names the context of `organizationId`: the individual one when it is null. */
function inContext(column: PgColumn, organizationId: string | null): SQL {
  return organizationId === null ? isNull(column) : eq(column, organizationId);
}

/** Rows of one user in one context (a table with user_id and organization_id). */
export function inScope(
  columns: { userId: PgColumn; organizationId: PgColumn },
  scope: Scope,
): SQL {
  return and(
    eq(columns.userId, scope.userId),
    inContext(columns.organizationId, scope.organizationId),
  )!;
}

/** The same test in raw SQL, for a column reference written out (`c.organization_id`). */
export function inContextRaw(column: SQL, organizationId: string | null): SQL {
  return organizationId === null ? sql`${column} is null` : sql`${column} = ${organizationId}`;
}
