import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import { encryptionChanged } from '../../errors';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import {
  isContextEncrypted,
  requireOwnSealer,
  sealerForConversation,
  type Sealer,
} from './conversation-sealer';
import { hurryEncryptionSync } from './encryption-sync.service';

/**
 * The sealer for new content (a question, an answer, a file) in a conversation. A plain
 * conversation in a context that now encrypts (enabled, or forced by its organization)
 * takes nothing in plain: without a credential `encryption_key_missing`, locked
 * `decryption_locked`, and otherwise `encryption_in_progress` while the sync job, hurried
 * here, seals it.
 */
export async function sealerForNewContent(options: {
  db: Database;
  unlockedKeys: UnlockedKeys;
  actor: UserActor;
  conversation: { userId: string; encrypted: boolean };
}): Promise<Sealer | undefined> {
  const sealer = await sealerForConversation(options);
  if (sealer || !(await isContextEncrypted(options.db, options.actor))) return sealer;
  await requireOwnSealer(options);
  await hurryEncryptionSync(options.db, options.actor.userId);
  throw encryptionChanged();
}
