import { useState } from 'react';
import { chatRuntime } from './realtime/chat-runtime';
import { isEncryptionRefusal, type ChatNotice } from './use-encryption-recovery';

/**
 * The page's own refusal of what was just asked (the conversation's error in the store shows
 * when there is none); one for encryption opens the dialog that clears it, too.
 */
export function useChatNotice(
  conversationId: string | undefined,
  recover: (code: ChatNotice) => Promise<boolean>,
) {
  const [notice, setNotice] = useState<ChatNotice | undefined>();

  function refuse(code: ChatNotice) {
    setNotice(code);
    if (!isEncryptionRefusal(code)) return;
    void recover(code).then((cleared) => {
      if (cleared) setNotice((current) => (current === code ? undefined : current));
    });
  }

  function clear() {
    setNotice(undefined);
  }

  /** Closed by the user: the page's refusal and the conversation's error both go. */
  function dismiss() {
    setNotice(undefined);
    if (conversationId) chatRuntime().store.setError(conversationId, undefined);
  }

  /** Typing in the box takes back the refusal of a question asked without a model. */
  function typed() {
    if (notice === 'no_model_selected') setNotice(undefined);
  }

  return { notice, refuse, clear, dismiss, typed };
}
