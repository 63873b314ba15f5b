import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { Message } from '@themis/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import type { ConversationState } from '../chat-store';
import { MessageItem } from './MessageItem';

// Virtuoso keeps the view still while older pages are prepended when the first index drops.
const FIRST_INDEX = 1_000_000;

export interface MessageListProps {
  state: ConversationState;
  highlightSeq: number | undefined;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onEdit: (message: Message) => void;
  onRegenerate: () => void;
}

/** The conversation, bottom-anchored, following a growing answer. */
export function MessageList({
  state,
  highlightSeq,
  loadingOlder,
  onLoadOlder,
  onEdit,
  onRegenerate,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const virtuoso = useRef<VirtuosoHandle>(null);
  const { messages } = state;
  const busy = state.sending || messages.some((message) => message.status === 'streaming');
  const lastQuestion = messages.findLast((message) => message.role === 'user');
  const lastAnswer = messages.at(-1)?.role === 'assistant' ? messages.at(-1) : undefined;
  const firstItemIndex = FIRST_INDEX - state.olderCount;

  const highlightIndex =
    highlightSeq === undefined ? -1 : messages.findIndex((m) => m.seq === highlightSeq);
  useEffect(() => {
    if (highlightIndex >= 0) {
      virtuoso.current?.scrollToIndex({ index: highlightIndex, align: 'center' });
    }
  }, [highlightIndex]);

  return (
    <Box
      role="log"
      aria-label={t('conversation.label')}
      aria-busy={busy}
      sx={{ flex: 1, minHeight: 0 }}
    >
      <Virtuoso
        ref={virtuoso}
        style={{ height: '100%' }}
        data={messages}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={Math.max(0, messages.length - 1)}
        computeItemKey={(_, message) => message.pk}
        alignToBottom
        followOutput={(atBottom) => (atBottom ? 'auto' : false)}
        startReached={() => {
          if (state.hasMore && !loadingOlder) onLoadOlder();
        }}
        components={{
          Header: () =>
            loadingOlder ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
                <CircularProgress size={20} aria-label={t('conversation.loadingOlder')} />
              </Box>
            ) : (
              <Box sx={{ height: 16 }} />
            ),
        }}
        itemContent={(_, message) => (
          <MessageItem
            message={message}
            highlighted={message.seq === highlightSeq}
            onEdit={!busy && message === lastQuestion ? () => onEdit(message) : undefined}
            onRegenerate={!busy && message === lastAnswer ? onRegenerate : undefined}
          />
        )}
      />
    </Box>
  );
}
