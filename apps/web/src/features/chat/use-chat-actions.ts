import type { ChatClientMessage, ErrorCode, Language, ModelInfo } from '@themis/shared';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorCode } from '../../app/api/error-message';
import { paths } from '../../app/paths';
import { useCreateConversationMutation } from './api';
import type { PendingQuestion } from './chat-store';
import { chatRuntime } from './realtime/chat-runtime';

let requestCounter = 0;
const newRequestId = () => `r${Date.now().toString(36)}-${(requestCounter += 1)}`;

export interface ChatActionsOptions {
  pk: string | undefined;
  model: ModelInfo | undefined;
  language: Language;
  onError: (code: ErrorCode | 'unknown') => void;
}

/** Questions, stops and regenerations sent over the socket for the open conversation. */
export function useChatActions({ pk, model, language, onError }: ChatActionsOptions) {
  const navigate = useNavigate();
  const [createConversation] = useCreateConversationMutation();
  const creating = useRef<Promise<string | undefined> | undefined>(undefined);

  /** The open conversation, created (and opened) first on /chat. */
  async function ensureConversation(): Promise<string | undefined> {
    if (pk) return pk;
    creating.current ??= createConversation()
      .unwrap()
      .then((conversation) => {
        chatRuntime().store.markNew(conversation.pk);
        void navigate(`${paths.chat}/${conversation.pk}`);
        return conversation.pk;
      })
      .catch((error: unknown) => {
        onError(errorCode(error) ?? 'unknown');
        return undefined;
      })
      .finally(() => {
        creating.current = undefined;
      });
    return creating.current;
  }

  function dispatchRequest(
    conversationPk: string,
    build: (requestId: string, modelId: string) => ChatClientMessage,
    pending?: PendingQuestion,
  ) {
    const { socket, store } = chatRuntime();
    const requestId = newRequestId();
    store.request(requestId, conversationPk, pending);
    socket.send(build(requestId, model?.id ?? ''));
  }

  /**
   * Sends a question, or asks the shown question `editOf` again in these words (a new
   * version of it); false when it could not be sent.
   */
  async function ask(
    content: string,
    attachments: { pk: string; filename: string }[],
    editOf?: string,
  ): Promise<boolean> {
    if (!model) {
      onError('no_model_selected');
      return false;
    }
    const conversationPk = await ensureConversation();
    if (!conversationPk) return false;
    dispatchRequest(
      conversationPk,
      (requestId, modelId) =>
        editOf
          ? {
              type: 'chat.edit',
              request_id: requestId,
              conversation_pk: conversationPk,
              message_pk: editOf,
              content,
              model_id: modelId,
              language,
            }
          : {
              type: 'chat.send',
              request_id: requestId,
              conversation_pk: conversationPk,
              content,
              model_id: modelId,
              attachment_pks: attachments.map((file) => file.pk),
              language,
            },
      // A new question shows at the end at once; an edited one replaces a branch when accepted.
      editOf ? undefined : { content, filenames: attachments.map((file) => file.filename) },
    );
    return true;
  }

  /** Writes the shown answer `answerPk` again, as a new version of it. */
  function regenerate(answerPk: string) {
    if (!pk) return;
    if (!model) {
      onError('no_model_selected');
      return;
    }
    dispatchRequest(pk, (requestId, modelId) => ({
      type: 'chat.regenerate',
      request_id: requestId,
      conversation_pk: pk,
      message_pk: answerPk,
      model_id: modelId,
      language,
    }));
  }

  function stop() {
    if (pk) chatRuntime().socket.send({ type: 'chat.stop', conversation_pk: pk });
  }

  return { ensureConversation, ask, regenerate, stop };
}
