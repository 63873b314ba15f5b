import type { ErrorCode } from '@themis/shared';
import { useCallback } from 'react';
import { useEncryptionFlows } from '../encryption';

export type ChatNotice = ErrorCode | 'unknown';

/** Refusals a dialog can clear: the session is locked, or the context needs a PIN first. */
export const isEncryptionRefusal = (
  code: ChatNotice | undefined,
): code is 'decryption_locked' | 'encryption_key_missing' =>
  code === 'decryption_locked' || code === 'encryption_key_missing';

/**
 * Answers a chat refused for encryption with the dialog that clears it: unlock for a locked
 * session, setup for a context that keeps its conversations encrypted and has no PIN or
 * password yet (a member of an organization that requires encryption). True when cleared.
 */
export function useEncryptionRecovery(): (code: ChatNotice) => Promise<boolean> {
  const flows = useEncryptionFlows();
  return useCallback(
    async (code) => {
      if (code === 'decryption_locked') return flows.unlock();
      if (code === 'encryption_key_missing') return flows.setUp({ required: true });
      return false;
    },
    [flows],
  );
}
