import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { touchMembershipActivity, touchStaleSession } from './sessions.repo';

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
  const touched = await touchStaleSession({ db, sessionId: actor.sessionId, now, staleBefore });
  if (!touched) return false;
  if (actor.organizationId) {
    await touchMembershipActivity({
      db,
      organizationId: actor.organizationId,
      userId: actor.userId,
      now,
    });
  }
  return true;
}
