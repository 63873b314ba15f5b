import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { Message } from '@themis/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import type { ConversationState } from '../chat-store';
import { JumpToLatestButton } from './JumpToLatestButton';
import { MessageItem } from './MessageItem';
import { useFollowBottom } from './use-follow-bottom';

// Virtuoso keeps the view still while older pages are prepended when the first index drops.
const FIRST_INDEX = 1_000_000;

interface ListContext {
  loadingOlder: boolean;
  loadingNewer: boolean;
}

function Spinner({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
      <CircularProgress size={20} aria-label={label} />
    </Box>
  );
}

// Defined once: components or callbacks made anew on every render (a streaming answer renders
// the list per token) make Virtuoso remount and re-register them, which can feed back into
// another render.
const LIST_COMPONENTS: Components<Message, ListContext> = {
  Header: function Header({ context }) {
    const { t } = useTranslation('chat');
    return context.loadingOlder ? (
      <Spinner label={t('conversation.loadingOlder')} />
    ) : (
      <Box sx={{ height: 16 }} />
    );
  },
  Footer: function Footer({ context }) {
    const { t } = useTranslation('chat');
    return context.loadingNewer ? <Spinner label={t('conversation.loadingNewer')} /> : null;
  },
};

export interface MessageListProps {
  state: ConversationState;
  highlightSeq: number | undefined;
  loadingOlder: boolean;
  loadingNewer: boolean;
  onLoadOlder: () => void;
  onLoadNewer: () => void;
  onEdit: (message: Message) => void;
  onRegenerate: () => void;
  /** Opens the conversation at its end (from a search hit, where the end is not loaded). */
  onOpenLatest: () => void;
}

/** The conversation, bottom-anchored, following a growing answer. */
export function MessageList({
  state,
  highlightSeq,
  loadingOlder,
  loadingNewer,
  onLoadOlder,
  onLoadNewer,
  onEdit,
  onRegenerate,
  onOpenLatest,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const virtuoso = useRef<VirtuosoHandle>(null);
  const { messages } = state;
  const busy = state.sending || messages.some((message) => message.status === 'streaming');
  // Far from the end (opened at a search hit) the last shown messages are not the last ones.
  const canChange = !busy && !state.hasNewer;
  const lastQuestion = messages.findLast((message) => message.role === 'user');
  const lastAnswer = messages.at(-1)?.role === 'assistant' ? messages.at(-1) : undefined;
  const firstItemIndex = FIRST_INDEX - state.olderCount;

  const highlightIndex =
    highlightSeq === undefined ? -1 : messages.findIndex((m) => m.seq === highlightSeq);
  // Scrolled to once: pages loaded around it later must not pull the view back.
  const scrolledTo = useRef<string>(undefined);
  const highlighted = messages[highlightIndex]?.pk;
  // A list opened at a search hit stays there until the reader moves.
  const follow = useFollowBottom(highlightIndex < 0 && !state.hasNewer);
  const pinned = follow.following && !state.hasNewer;
  const listContext = useMemo(() => ({ loadingOlder, loadingNewer }), [loadingOlder, loadingNewer]);
  const { jumpToEnd, setScroller, contentChanged } = follow;
  const scrollerRef = useCallback(
    (element: HTMLElement | Window | null) =>
      setScroller(element instanceof HTMLElement ? element : null),
    [setScroller],
  );
  const followOutput = useCallback((): 'auto' | false => (pinned ? 'auto' : false), [pinned]);
  // A question asked here brings the view back to the end, wherever the reader was.
  useEffect(() => {
    if (state.sending) jumpToEnd('auto');
  }, [state.sending, jumpToEnd]);
  useEffect(() => {
    if (highlighted === undefined) {
      scrolledTo.current = undefined;
    } else if (scrolledTo.current !== highlighted) {
      scrolledTo.current = highlighted;
      virtuoso.current?.scrollToIndex({ index: highlightIndex, align: 'center' });
    }
  }, [highlighted, highlightIndex]);

  return (
    <Box
      role="log"
      aria-label={t('conversation.label')}
      aria-busy={busy}
      sx={{ position: 'relative', flex: 1, minHeight: 0 }}
    >
      <Virtuoso
        // A replaced page (another conversation, or a jump) starts a fresh list at its target.
        key={`${messages[0]?.conversation_pk ?? ''}:${state.epoch}`}
        ref={virtuoso}
        scrollerRef={scrollerRef}
        style={{ height: '100%' }}
        data={messages}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={
          highlightIndex >= 0
            ? { index: highlightIndex, align: 'center' }
            : { index: Math.max(0, messages.length - 1), align: 'end' }
        }
        computeItemKey={(_, message) => message.pk}
        alignToBottom
        followOutput={followOutput}
        // An answer grows inside its item, which Virtuoso does not follow by itself.
        totalListHeightChanged={contentChanged}
        startReached={() => {
          if (state.hasMore && !loadingOlder) onLoadOlder();
        }}
        endReached={() => {
          if (state.hasNewer && !loadingNewer) onLoadNewer();
        }}
        components={LIST_COMPONENTS}
        context={listContext}
        itemContent={(_, message) => (
          <MessageItem
            message={message}
            highlighted={message.seq === highlightSeq}
            onEdit={canChange && message === lastQuestion ? () => onEdit(message) : undefined}
            onRegenerate={canChange && message === lastAnswer ? onRegenerate : undefined}
          />
        )}
      />
      {!pinned && (
        <JumpToLatestButton onClick={state.hasNewer ? onOpenLatest : () => jumpToEnd()} />
      )}
    </Box>
  );
}
