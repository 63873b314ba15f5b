import Box from '@mui/material/Box';
import { Suspense } from 'react';
import type { PendingQuestion } from '../chat-store';
import { ChatEmptyState } from './ChatEmptyState';
import { ConversationSkeleton } from './ConversationSkeleton';
import { MessageList } from './lazy-message-list';
import type { MessageListProps } from './MessageList';
import { PendingQuestionItem } from './QuestionView';

export interface ConversationBodyProps {
  /** The greeting and topics of a chat with nothing asked yet. */
  empty: boolean;
  /** The messages are on their way, with nothing else to show meanwhile. */
  loading: boolean;
  pending: PendingQuestion | undefined;
  onPickTopic: (topic: string) => void;
  list: MessageListProps;
}

/** Between the header and the question box: the greeting, the messages, or their shape. */
export function ConversationBody({
  empty,
  loading,
  pending,
  onPickTopic,
  list,
}: ConversationBodyProps) {
  if (empty) {
    return (
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex' }}>
        <ChatEmptyState onPickTopic={onPickTopic} />
      </Box>
    );
  }
  if (loading) return <ConversationSkeleton />;
  return (
    <Suspense
      fallback={
        // The first question of a visit shows at once, before the list's code has come.
        pending ? (
          <Box sx={{ flex: 1, minHeight: 0 }}>
            <PendingQuestionItem pending={pending} last={list.state.messages.at(-1)} />
          </Box>
        ) : (
          <ConversationSkeleton />
        )
      }
    >
      <MessageList {...list} />
    </Suspense>
  );
}
