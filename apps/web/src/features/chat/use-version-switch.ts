import type { Message } from '@themis/shared';
import { useState } from 'react';
import { errorCode } from '../../app/api/error-message';
import { useSwitchVersionMutation } from './api';
import type { PagedVersions } from './components/MessageList';
import { chatRuntime } from './realtime/chat-runtime';
import type { ChatNotice } from './use-encryption-recovery';

/**
 * Another version of a shown message, asked of the server: the list is rebuilt with the
 * branch it leads to, opened at that message (`pagedAt`, for the list of that rebuild only).
 */
export function useVersionSwitch(
  conversationId: string | undefined,
  epoch: number,
  onError: (code: ChatNotice) => void,
) {
  const [switchVersion, { isLoading: switching }] = useSwitchVersionMutation();
  const [pagedAt, setPagedAt] = useState<PagedVersions & { epoch: number }>();

  async function showVersion(message: Message, version: number) {
    if (!conversationId) return;
    try {
      const page = await switchVersion({
        conversationPk: conversationId,
        body: { message_pk: message.pk, version },
      }).unwrap();
      const { store } = chatRuntime();
      // The list is rebuilt for the branch now shown: at this message, its pager focused.
      setPagedAt({
        parentPk: message.parent_pk,
        direction: version < message.version ? 'previous' : 'next',
        epoch: store.get(conversationId).epoch + 1,
      });
      store.setPage(conversationId, page, { replace: true });
    } catch (error) {
      onError(errorCode(error) ?? 'unknown');
    }
  }

  return { showVersion, switching, pagedAt: pagedAt?.epoch === epoch ? pagedAt : undefined };
}
