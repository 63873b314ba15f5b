import { MESSAGE_PAGE_SIZE, type MessagePage, type SwitchVersionRequest } from '@themis/shared';
import { requireConversationAccess } from '../../access/access';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import {
  findVersion,
  hideBranchFrom,
  lockForSwitching,
  showBranchFrom,
} from '../../repos/message-versions';
import { listMessages } from './conversations.service';

/**
 * Shows another version of a shown message and, below it, the newest branch that follows
 * it (the branch shown last there is not remembered). Refused while an answer is written.
 * Answers the latest page of the branch now shown.
 */
export async function switchVersion(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversationId: string;
  request: SwitchVersionRequest;
  /** Runs the switch with the conversation kept from new answers on this instance. */
  whileIdle: (conversationId: string, change: () => Promise<void>) => Promise<void>;
  /** Tells the tabs following the conversation which version is shown now. */
  announce: (conversationId: string, shownPk: string) => void;
}): Promise<MessagePage> {
  const { db, actor, conversationId, request } = options;
  // Asked first: a stranger learns nothing of the conversation's answers, nor holds it.
  await requireConversationAccess({ db, actor, action: 'ask', conversationId });
  let switched: string | undefined;
  await options.whileIdle(conversationId, () =>
    db.transaction(async (tx) => {
      const { message, streaming } = await lockForSwitching({
        db: tx,
        conversationId,
        messageId: request.message_pk,
      });
      if (!message) throw notFound('message');
      if (streaming) throw new AppError('conversation_busy', 409, 'answer being written');
      const target = await findVersion({
        db: tx,
        conversationId,
        parentId: message.parentId,
        version: request.version,
      });
      if (!target) throw new AppError('not_found', 404, 'no such version');
      if (target.id === message.id) return;
      await hideBranchFrom({ db: tx, conversationId, fromSeq: message.seq });
      await showBranchFrom({ db: tx, messageId: target.id });
      switched = target.id;
    }),
  );
  if (switched) options.announce(conversationId, switched);
  return listMessages({
    db,
    unlockedKeys: options.unlockedKeys,
    actor,
    conversationId,
    query: { limit: MESSAGE_PAGE_SIZE },
  });
}
