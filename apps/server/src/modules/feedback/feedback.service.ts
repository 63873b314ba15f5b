import { eq } from 'drizzle-orm';
import { displayName, type FeedbackData } from '@themis/shared';
import type { Database } from '../../db/client';
import { feedback, plans, users } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * Stores a feedback message. The e-mail, name and plan come from the account, never from
 * the request, so nobody can send feedback in another user's name.
 */
export async function createFeedback(options: {
  db: Database;
  actor: { userId: string };
  data: FeedbackData;
}): Promise<{ pk: string }> {
  const { db, actor, data } = options;
  const [row] = await db
    .select({ user: users, plan: plans })
    .from(users)
    .leftJoin(plans, eq(plans.id, users.planId))
    .where(eq(users.id, actor.userId));
  if (!row) throw new AppError('unauthorized', 401, 'user gone');
  const { user, plan } = row;
  const [created] = await db
    .insert(feedback)
    .values({
      userId: user.id,
      type: data.type,
      message: data.message,
      email: user.email,
      name: displayName(user),
      tags: {
        userId: user.id,
        product: plan?.productName ?? '',
        planId: plan?.id ?? '',
        organization: '',
        organizationId: '',
      },
    })
    .returning({ id: feedback.id });
  return { pk: created!.id };
}
