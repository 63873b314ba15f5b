import type { Conversation } from '@themis/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorCode } from '../../app/api/error-message';
import { paths } from '../../app/paths';
import { useToast } from '../../app/toast';
import { useLazyListMessagesQuery } from './api';

/**
 * The open conversation left the history (deleted by turning encryption off elsewhere, or in
 * another tab): when the server no longer knows it either, the page goes to a new chat and
 * says why, rather than taking a question that would fail as not found.
 */
export function useLeaveWhenGone(pk: string | undefined, listed: Conversation | undefined) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const toast = useToast();
  const [loadMessages] = useLazyListMessagesQuery();
  const seen = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (listed) {
      seen.current = listed.pk;
      return;
    }
    if (pk === undefined || seen.current !== pk) return;
    seen.current = undefined;
    void loadMessages({ pk }).then((result) => {
      if (errorCode(result.error) !== 'not_found') return;
      void toast.show(t('conversationGone'), { variant: 'info' });
      void navigate(paths.chat, { replace: true });
    });
  }, [pk, listed, loadMessages, navigate, toast, t]);
}
