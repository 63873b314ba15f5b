import type { Message } from '@themis/shared';
import { useEffect, useRef, useState } from 'react';
import type { PendingQuestion } from './chat-store';
import { chatRuntime } from './realtime/chat-runtime';
import type { PendingFile, useAttachments } from './use-attachments';
import type { useChatActions } from './use-chat-actions';
import { isEncryptionRefusal, type ChatNotice } from './use-encryption-recovery';

export interface QuestionBoxOptions {
  conversationId: string | undefined;
  actions: Pick<ReturnType<typeof useChatActions>, 'ask' | 'regenerate'>;
  attachments: Pick<ReturnType<typeof useAttachments>, 'files' | 'uploaded' | 'clear' | 'restore'>;
  recover: (code: ChatNotice) => Promise<boolean>;
  /** A question goes: the refusal shown of the one before no longer stands. */
  onSend: () => void;
}

interface AskedQuestion {
  content: string;
  editing: Message | undefined;
  files: PendingFile[];
}

/**
 * The question box: its draft, the shown question being asked again in other words, and
 * the sending, which empties the box at once and gives back a question not sent or refused.
 */
export function useQuestionBox({
  conversationId,
  actions,
  attachments,
  recover,
  onSend,
}: QuestionBoxOptions) {
  const [draft, setDraft] = useState('');
  // The shown question being asked again in other words.
  const [editing, setEditing] = useState<Message>();
  const [editStarts, setEditStarts] = useState(0);
  // The first question of a new chat while its conversation is being created.
  const [creatingWith, setCreatingWith] = useState<PendingQuestion>();
  // The question last sent, given back to the box when encryption refuses it.
  const lastAsked = useRef<AskedQuestion>(undefined);
  const restoreFiles = attachments.restore;

  // A question refused over the socket goes back to the box with its files, nothing lost; one refused for
  // encryption (locked, or no PIN yet in an encrypted context) opens what clears it too.
  useEffect(() => {
    if (!conversationId) return;
    const { socket, store } = chatRuntime();
    return socket.listen((frame) => {
      if (frame.type !== 'error') return;
      if (frame.conversation_pk !== undefined && frame.conversation_pk !== conversationId) return;
      const asked = lastAsked.current;
      if (frame.request_id && asked) {
        lastAsked.current = undefined;
        setDraft((current) => current || asked.content);
        restoreFiles(asked.files);
        if (asked.editing) setEditing(asked.editing);
      }
      if (!isEncryptionRefusal(frame.detail)) return;
      void recover(frame.detail).then((cleared) => {
        if (cleared) store.setError(conversationId, undefined);
      });
    });
  }, [conversationId, recover, restoreFiles]);

  async function send() {
    onSend();
    const content = draft.trim();
    const files = attachments.uploaded;
    lastAsked.current = {
      content,
      editing,
      files: attachments.files.filter((file) => file.attachmentPk !== undefined),
    };
    // The box empties and the question shows at once; a question not sent comes back.
    setDraft('');
    if (!conversationId && !editing) {
      setCreatingWith({ content, filenames: files.map((file) => file.filename) });
    }
    const sent = await actions.ask(content, files, editing?.pk);
    setCreatingWith(undefined);
    if (!sent) {
      setDraft((current) => current || content);
      return;
    }
    setEditing(undefined);
    attachments.clear();
  }

  function edit(message: Message) {
    setEditing(message);
    setDraft(message.content);
    setEditStarts((count) => count + 1);
  }

  function cancelEdit() {
    setEditing(undefined);
    setDraft('');
  }

  function regenerate(answer: Message) {
    lastAsked.current = undefined;
    actions.regenerate(answer.pk);
  }

  return {
    draft,
    setDraft,
    editing,
    editStarts,
    creatingWith,
    send,
    edit,
    cancelEdit,
    regenerate,
  };
}
