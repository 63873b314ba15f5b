import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { Message } from '@themis/shared';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import type { ConversationState } from '../chat-store';
import { JumpToLatestButton } from './JumpToLatestButton';
import { MessageItem } from './MessageItem';
import { PendingQuestionItem } from './QuestionView';
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
  /** Asks a shown question again in other words. */
  onEdit: (message: Message) => void;
  /** Writes a shown answer again. */
  onRegenerate: (answer: Message) => void;
  /** Shows another version of a message (and the newest branch after it). */
  onSwitchVersion: (message: Message, version: number) => void;
  /** Another version is on its way. */
  switching: boolean;
  /** Opens the conversation at its end (from a search hit, where the end is not loaded). */
  onOpenLatest: () => void;
  /**
   * The versions just paged: the list, rebuilt with the branch now shown, opens at that
   * message rather than at the end, and its pager keeps the keyboard's focus.
   */
  pagedAt?: PagedVersions;
}

export interface PagedVersions {
  /** The message whose versions were paged follows this one (null: the first question). */
  parentPk: string | null;
  direction: 'previous' | 'next';
}

/** Focus back on the pager of `paged` once the rebuilt list has drawn it; then `done`. */
function focusPagerOf(paged: PagedVersions, done: () => void): () => void {
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const group = document.querySelector(`[data-version-of="${paged.parentPk ?? ''}"]`);
    const [previous, next] = group ? Array.from(group.querySelectorAll('button')) : [];
    const wanted = paged.direction === 'previous' ? previous : next;
    const target =
      wanted && !wanted.disabled ? wanted : [previous, next].find((b) => b && !b.disabled);
    if (target) {
      target.focus();
      done();
    } else if ((tries += 1) < 30) frame = requestAnimationFrame(attempt);
  };
  frame = requestAnimationFrame(attempt);
  return () => cancelAnimationFrame(frame);
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
  onSwitchVersion,
  switching,
  onOpenLatest,
  pagedAt,
}: MessageListProps) {
  const { t } = useTranslation('chat');
  const virtuoso = useRef<VirtuosoHandle>(null);
  const { messages } = state;
  const busy = state.sending || messages.some((message) => message.status === 'streaming');
  // Far from the end (opened at a search hit) what follows a message is not loaded: the
  // branch it would replace is not known here.
  const canChange = !busy && !switching && !state.hasNewer;
  const firstItemIndex = FIRST_INDEX - state.olderCount;

  const highlightIndex =
    highlightSeq === undefined ? -1 : messages.findIndex((m) => m.seq === highlightSeq);
  // Scrolled to once: pages loaded around it later must not pull the view back.
  const scrolledTo = useRef<string>(undefined);
  const highlighted = messages[highlightIndex]?.pk;
  const pagedIndex = pagedAt
    ? messages.findIndex((m) => m.parent_pk === pagedAt.parentPk && m.versions > 1)
    : -1;
  // A list opened at a search hit, or at a message paged, stays there until the reader moves.
  const follow = useFollowBottom(highlightIndex < 0 && pagedIndex < 0 && !state.hasNewer);
  const pinned = follow.following && !state.hasNewer;
  const listContext = useMemo(() => ({ loadingOlder, loadingNewer }), [loadingOlder, loadingNewer]);
  const { jumpToEnd, setScroller, contentChanged } = follow;
  const scrollerRef = useCallback(
    (element: HTMLElement | Window | null) =>
      setScroller(element instanceof HTMLElement ? element : null),
    [setScroller],
  );
  const followOutput = useCallback((): 'auto' | false => (pinned ? 'auto' : false), [pinned]);
  // A question asked here brings the view back to the end, wherever the reader was; once
  // accepted, to its answer, which the list may not have drawn yet (the list finds it).
  const wasSending = useRef(false);
  useEffect(() => {
    if (state.sending) {
      jumpToEnd('auto');
    } else if (wasSending.current && !state.hasNewer) {
      virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end', behavior: 'auto' });
    }
    wasSending.current = state.sending;
  }, [state.sending, state.hasNewer, jumpToEnd]);
  // Once for each paging: later changes of the list (older pages loaded) leave the focus be.
  const focusedFor = useRef<PagedVersions>(undefined);
  useEffect(() => {
    if (!pagedAt || pagedIndex < 0 || focusedFor.current === pagedAt) return;
    return focusPagerOf(pagedAt, () => (focusedFor.current = pagedAt));
  }, [pagedAt, pagedIndex]);
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
      sx={{ position: 'relative', flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
    >
      <Virtuoso
        // A replaced page (another conversation, or a jump) starts a fresh list at its target.
        key={`${messages[0]?.conversation_pk ?? ''}:${state.epoch}`}
        ref={virtuoso}
        scrollerRef={scrollerRef}
        style={{ flex: 1, minHeight: 0 }}
        data={messages}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={
          highlightIndex >= 0
            ? { index: highlightIndex, align: 'center' }
            : pagedIndex >= 0
              ? { index: pagedIndex, align: 'center' }
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
            onEdit={canChange ? onEdit : undefined}
            onRegenerate={canChange ? onRegenerate : undefined}
            onSwitchVersion={canChange ? onSwitchVersion : undefined}
          />
        )}
      />
      {/* Below the list rather than in it: the list only shrinks while it shows, and the stored
          question and its answer then come at its end, which it follows. */}
      {state.pending && (
        // As wide as the list's items: in this column it would shrink to its words.
        <Box sx={{ width: '100%' }}>
          <PendingQuestionItem pending={state.pending} last={messages.at(-1)} />
        </Box>
      )}
      {!pinned && (
        <JumpToLatestButton onClick={state.hasNewer ? onOpenLatest : () => jumpToEnd()} />
      )}
    </Box>
  );
}
