import type { ChatClientMessage, ErrorCode, Language, ModelInfo } from '@themis/shared';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorCode } from '../../app/api/error-message';
import { paths } from '../../app/paths';
import { useCreateConversationMutation } from './api';
import type { RequestKind } from './chat-store';
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
    kind: RequestKind,
    build: (requestId: string, modelId: string) => ChatClientMessage,
  ) {
    const { socket, store } = chatRuntime();
    const requestId = newRequestId();
    store.request(requestId, conversationPk, kind);
    socket.send(build(requestId, model?.id ?? ''));
  }

  /** Sends a question (or replaces the last one); false when it could not be sent. */
  async function ask(content: string, attachmentPks: string[], edit: boolean): Promise<boolean> {
    if (!model) {
      onError('no_model_selected');
      return false;
    }
    const conversationPk = await ensureConversation();
    if (!conversationPk) return false;
    dispatchRequest(conversationPk, edit ? 'edit' : 'send', (requestId, modelId) =>
      edit
        ? {
            type: 'chat.edit',
            request_id: requestId,
            conversation_pk: conversationPk,
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
            attachment_pks: attachmentPks,
            language,
          },
    );
    return true;
  }

  function regenerate() {
    if (!pk) return;
    if (!model) {
      onError('no_model_selected');
      return;
    }
    dispatchRequest(pk, 'regenerate', (requestId, modelId) => ({
      type: 'chat.regenerate',
      request_id: requestId,
      conversation_pk: pk,
      model_id: modelId,
      language,
    }));
  }

  function stop() {
    if (pk) chatRuntime().socket.send({ type: 'chat.stop', conversation_pk: pk });
  }

  return { ensureConversation, ask, regenerate, stop };
}
