import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  conversationShares,
  externalAccounts,
  memberships,
  organizations,
  shareVisitors,
  users,
} from '../../db/schema';

/**
 * The one rule for whose pictures a viewer may see: their own, those of the people they
 * work with in an active organization (the co-workers list shows them), the visitors of
 * their shared links (the link manager shows them), and whoever shared a link they opened.
 */
const visibleAvatarOwners = (viewerId: string) =>
  or(
    eq(users.id, viewerId),
    sql`exists (
      select 1 from ${memberships} theirs
      join ${memberships} mine on mine.organization_id = theirs.organization_id
      join ${organizations} o on o.id = theirs.organization_id and o.status = 'active'
      where theirs.user_id = ${users.id} and mine.user_id = ${viewerId}
    )`,
    sql`exists (
      select 1 from ${shareVisitors} v
      join ${conversationShares} s on s.id = v.share_id and s.disabled_at is null
      where (v.user_id = ${users.id} and s.user_id = ${viewerId})
         or (s.user_id = ${users.id} and v.user_id = ${viewerId})
    )`,
  );

/** The key of a picture the viewer may see whose key ends with `keySuffix` (no wildcard in it). */
export async function findVisibleAvatarKey(options: {
  db: Database;
  viewerId: string;
  keySuffix: string;
}): Promise<string | null> {
  const [row] = await options.db
    .select({ avatarKey: users.avatarKey })
    .from(users)
    .where(
      and(visibleAvatarOwners(options.viewerId), like(users.avatarKey, `%${options.keySuffix}`)),
    )
    .limit(1);
  return row?.avatarKey ?? null;
}

/** The providers the user has linked, each once. */
export async function listLinkedProviders(options: {
  db: Database;
  userId: string;
}): Promise<string[]> {
  const linked = await options.db
    .selectDistinct({ provider: externalAccounts.provider })
    .from(externalAccounts)
    .where(eq(externalAccounts.userId, options.userId));
  return linked.map((row) => row.provider);
}
