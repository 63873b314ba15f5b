import type { Conversation } from '@themis/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorCode } from '../../app/api/error-message';
import { paths } from '../../app/paths';
import { useToast } from '../../app/toast';
import { chatApi, useLazyListMessagesQuery } from './api';

/**
 * The open conversation left the history (deleted by turning encryption off elsewhere, or in
 * another tab): when the server no longer knows it either, the page goes to a new chat and
 * says why, rather than taking a question that would fail as not found. While it stays out of
 * the history, every new answer of the history asks again: the first question may have come
 * while the deletion was still under way.
 */
export function useLeaveWhenGone(pk: string | undefined, listed: Conversation | undefined) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const toast = useToast();
  const [loadMessages] = useLazyListMessagesQuery();
  const seen = useRef<string | undefined>(undefined);
  // Read, not subscribed to: the page's history keeps the list.
  const { historyAnswered } = chatApi.endpoints.listConversations.useInfiniteQueryState(undefined, {
    selectFromResult: ({ fulfilledTimeStamp }) => ({ historyAnswered: fulfilledTimeStamp }),
  });

  useEffect(() => {
    if (listed) {
      seen.current = listed.pk;
      return;
    }
    if (pk === undefined || seen.current !== pk) return;
    void loadMessages({ pk }).then((result) => {
      if (errorCode(result.error) !== 'not_found' || seen.current !== pk) return;
      seen.current = undefined;
      void toast.show(t('conversationGone'), { variant: 'info' });
      void navigate(paths.chat, { replace: true });
    });
  }, [pk, listed, historyAnswered, loadMessages, navigate, toast, t]);
}
