// What other modules use of this one: they import it from here, never its files.
export {
  isContextEncrypted,
  openAttachment,
  openMessage,
  readableConversation,
  requireOwnSealer,
  sealerForConversation,
  sealerOf,
  storedContent,
  storedFilename,
  unlockedSealer,
} from './conversation-sealer';
export type { Sealer } from './conversation-sealer';
export { setEncryptionForced, setMembershipEncryption } from './encryption-switches.service';
export { encryptionStatus } from './encryption.service';
export { sealerForNewContent } from './new-content-sealer';
