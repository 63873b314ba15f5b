import { displayName, type FeedbackData } from '@themis/shared';
import { requireContextAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { requireUserWithPlan } from '../../repos/users.repo';
import { insertFeedback } from './feedback.repo';
import { currentOrganizationName } from '../organizations';

/**
 * Stores a feedback message. The e-mail, name, plan and organization come from the account
 * and the context it acts in, never from the request, so nobody can send feedback in another
 * user's name.
 */
export async function createFeedback(options: {
  db: Database;
  actor: UserActor;
  data: FeedbackData;
}): Promise<{ pk: string }> {
  const { db, data } = options;
  const { actor } = requireContextAccess({ actor: options.actor, action: 'feedback.send' });
  const { user, plan } = await requireUserWithPlan(db, actor.userId);
  const organization = await currentOrganizationName({ db, actor });
  const id = await insertFeedback({
    db,
    values: {
      userId: user.id,
      type: data.type,
      message: data.message,
      email: user.email,
      name: displayName(user),
      tags: {
        userId: user.id,
        product: plan?.productName ?? '',
        planId: plan?.id ?? '',
        organization: organization?.name ?? '',
        organizationId: organization?.id ?? '',
      },
    },
  });
  return { pk: id };
}
