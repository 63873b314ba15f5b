import { sql, type SQL } from 'drizzle-orm';
import type { Scope } from '../../access/actor';
import type { Database } from '../../db/client';
import { rawRows } from '../../db/raw-rows';
import { inContextRaw } from '../../repos/context-scope';

export interface SearchRow {
  conversation_id: string;
  conversation_name: string;
  message_id: string | null;
  message_seq: string | number | null;
  text: string;
  updated_at: string;
}

/**
 * The tsquery for what the user typed: websearch syntax as written, or the same with its
 * last word as a prefix so that a word being typed already matches. Every piece of user
 * text is a bound parameter; quote_literal makes the prefix word one quoted lexeme.
 */
export function searchTsQuery(terms: { query: string; prefix?: { head: string; word: string } }) {
  const whole = sql`websearch_to_tsquery('simple', ${terms.query})`;
  if (!terms.prefix) return whole;
  const { head, word } = terms.prefix;
  const prefix = sql`to_tsquery('simple', quote_literal(${word}) || ':*')`;
  // A lone word needs no head (an empty tsquery would only draw a notice).
  const partial = head.trim()
    ? sql`(websearch_to_tsquery('simple', ${head}) && ${prefix})`
    : prefix;
  return sql`(${whole} || ${partial})`;
}

const isoUtc = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Hits among the user's conversation names and message contents, best rank first, then the
 * most recent. The tsquery is written out in each branch (not a CTE) so that the planner
 * sees a constant and can use the GIN indexes.
 */
export async function searchConversations(options: {
  db: Database;
  scope: Scope;
  tsquery: SQL;
  limit: number;
}): Promise<SearchRow[]> {
  const { db, scope, tsquery, limit } = options;
  const userId = scope.userId;
  const context = inContextRaw(sql`c.organization_id`, scope.organizationId);
  return rawRows<SearchRow>(
    db,
    sql`
    select conversation_id, conversation_name, message_id, message_seq, text, updated_at
    from (
      select c.id as conversation_id, c.name as conversation_name,
        null::uuid as message_id, null::bigint as message_seq, c.name as text,
        ts_rank(c.search, ${tsquery}) as rank, c.updated_at as hit_at,
        ${isoUtc(sql`c.updated_at`)} as updated_at
      from conversations c
      where c.user_id = ${userId} and ${context} and c.search @@ ${tsquery}
      union all
      select c.id, c.name, m.id, m.seq, m.content,
        ts_rank(m.search, ${tsquery}), m.created_at, ${isoUtc(sql`c.updated_at`)}
      from messages m
      join conversations c on c.id = m.conversation_id and c.user_id = ${userId} and ${context}
      where m.user_id = ${userId} and m.shown and m.search @@ ${tsquery}
    ) hits
    order by rank desc, hit_at desc, message_seq desc nulls first
    limit ${limit}
  `,
  );
}
