import type { SearchHit } from '@themis/shared';
import { requireContextAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { searchConversations as searchRows, searchTsQuery } from './conversations-search.repo';

const SNIPPET_LENGTH = 160;
/** How much of the snippet comes before the match, so the reader sees its context. */
const SNIPPET_LEAD = 50;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The websearch query, plus its last word as a prefix when it is a plain trailing word
 * (not quoted, negated or "or"), so "kodeks cyw" finds "kodeks cywilny".
 */
export function splitQuery(query: string): {
  query: string;
  prefix?: { head: string; word: string };
} {
  const match = /(^|\s)([\p{L}\p{N}]+)$/u.exec(query);
  const head = match ? query.slice(0, match.index + match[1]!.length) : '';
  const quotesClosed = (head.match(/"/g)?.length ?? 0) % 2 === 0;
  const word = match?.[2]?.toLowerCase();
  if (!word || word === 'or' || !quotesClosed) return { query };
  return { query, prefix: { head, word } };
}

/** The words to look for in a snippet: every plain word of the query, not negated ones. */
function queryWords(query: string): string[] {
  const words: string[] = [];
  for (const match of query.toLowerCase().matchAll(WORD)) {
    const negated = query[match.index - 1] === '-';
    if (!negated && match[0] !== 'or') words.push(match[0]);
  }
  return words;
}

/** About SNIPPET_LENGTH characters around the first word that starts like a query word. */
export function buildSnippet(text: string, words: string[]): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const lower = flat.toLowerCase();
  let first = -1;
  for (const match of lower.matchAll(WORD)) {
    if (words.some((word) => match[0].startsWith(word))) {
      first = match.index;
      break;
    }
  }
  let start = Math.max(0, first - SNIPPET_LEAD);
  let end = Math.min(flat.length, start + SNIPPET_LENGTH);
  start = Math.max(0, end - SNIPPET_LENGTH);
  // Whole words only: move the cuts to the nearest spaces inside the window.
  if (start > 0) start = flat.indexOf(' ', start) + 1 || start;
  if (end < flat.length)
    end = flat.lastIndexOf(' ', end) > start ? flat.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/** Full-text search over the user's conversation names and messages. */
export async function searchConversations(options: {
  db: Database;
  actor: UserActor;
  data: { q: string; limit: number };
}): Promise<{ items: SearchHit[] }> {
  const { db, data } = options;
  const scope = requireContextAccess({ actor: options.actor, action: 'conversation.search' });
  const rows = await searchRows({
    db,
    scope,
    tsquery: searchTsQuery(splitQuery(data.q)),
    limit: data.limit,
  });
  const words = queryWords(data.q);
  return {
    items: rows.map((row) => ({
      conversation_pk: row.conversation_id,
      conversation_name: row.conversation_name,
      message_pk: row.message_id,
      message_seq: row.message_seq === null ? null : Number(row.message_seq),
      snippet: buildSnippet(row.text, words),
      updated_at: row.updated_at,
    })),
  };
}
