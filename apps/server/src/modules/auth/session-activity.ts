import { and, eq, isNull, lt } from 'drizzle-orm';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { memberships, sessions } from '../../db/schema';

/** A session's last activity is written at most this often, by requests and socket frames. */
export const SESSION_ACTIVITY_EVERY_MS = 5 * 60_000;

/**
 * Marks the actor's session active at `now` unless it already was within the window: one
 * conditional UPDATE that matches no row while the session is fresh, so frequent activity
 * (a chat over the socket) costs no write. An organization member's latest activity, shown
 * to co-workers, follows the session's as it does for HTTP requests. True when written.
 */
export async function recordSessionActivity(options: {
  db: Database;
  now: Date;
  actor: UserActor;
}): Promise<boolean> {
  const { db, now, actor } = options;
  const staleBefore = new Date(now.getTime() - SESSION_ACTIVITY_EVERY_MS);
  const touched = await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(sessions.id, actor.sessionId),
        isNull(sessions.revokedAt),
        lt(sessions.lastSeenAt, staleBefore),
      ),
    )
    .returning({ id: sessions.id });
  if (touched.length === 0) return false;
  if (actor.organizationId) {
    await db
      .update(memberships)
      .set({ lastActivityAt: now })
      .where(
        and(
          eq(memberships.organizationId, actor.organizationId),
          eq(memberships.userId, actor.userId),
        ),
      );
  }
  return true;
}
