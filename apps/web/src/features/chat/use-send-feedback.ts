import type { Message, MessageFeedbackRequest } from '@themis/shared';
import { useSendFeedbackMutation } from './api';
import { chatRuntime } from './realtime/chat-runtime';

/** Sends feedback on an answer and shows the choice at once in the conversation. */
export function useSendFeedback(message: Message) {
  const [sendFeedback, { isLoading }] = useSendFeedbackMutation();
  async function send(body: MessageFeedbackRequest) {
    await sendFeedback({ messagePk: message.pk, body }).unwrap();
    chatRuntime().store.setFeedback(message.conversation_pk, message.pk, {
      value: body.value,
      reason: body.reason ?? null,
      comment: body.comment ?? null,
    });
  }
  return { send, isLoading };
}
