import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SEARCH_QUERY_MAX, type Conversation } from '@themis/shared';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useMatch, useNavigate } from 'react-router';
import { Virtuoso } from 'react-virtuoso';
import { errorMessage } from '../../../app/api/error-message';
import { paths } from '../../../app/paths';
import { useToast } from '../../../app/toast';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ExportDialog } from '../../export';
import { ShareDialog, useCanShare } from '../../sharing';
import {
  useDeleteConversationMutation,
  useLazySearchConversationsQuery,
  useListConversationsInfiniteQuery,
} from '../api';
import { historyRows } from '../history-groups';
import { ConversationRow, useConversationName } from './ConversationRow';
import { SearchResults } from './SearchResults';

const SEARCH_DELAY_MS = 300;

// Its form library loads when a conversation is first renamed, not with the chat.
const RenameConversationDialog = lazy(async () => ({
  default: (await import('./RenameConversationDialog')).RenameConversationDialog,
}));

export interface HistoryPanelProps {
  /** Called after a conversation is opened (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** The conversation history in the sidebar: new chat, search and the grouped list. */
export function HistoryPanel({ onNavigate }: HistoryPanelProps) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const navigate = useNavigate();
  // The sidebar sits above the chat route, so the open conversation is read from the URL.
  const conversationId = useMatch(`${paths.chat}/:conversationId`)?.params.conversationId;
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage, isLoading, isError } =
    useListConversationsInfiniteQuery();
  const [deleteConversation, { isLoading: deleting }] = useDeleteConversationMutation();
  const [search, searchResult] = useLazySearchConversationsQuery();
  const [query, setQuery] = useState('');
  const [renaming, setRenaming] = useState<Conversation>();
  const [sharing, setSharing] = useState<Conversation>();
  const [exporting, setExporting] = useState<Conversation>();
  const canShare = useCanShare();
  const [removing, setRemoving] = useState<Conversation>();
  const conversationName = useConversationName();

  const rows = useMemo(
    () => historyRows(data?.pages.flatMap((page) => page.items) ?? [], new Date()),
    [data],
  );

  const trimmed = query.trim();
  useEffect(() => {
    if (!trimmed) return;
    const timer = setTimeout(() => void search(trimmed, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trimmed, search]);

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  async function confirmDelete() {
    if (!removing) return;
    try {
      // Left, and the new chat rendered, before it goes: a navigation is a transition that a
      // history update could overtake, and the page would take the conversation for one
      // deleted elsewhere (and ask the server about it).
      if (removing.pk === conversationId) await navigate(paths.chat, { flushSync: true });
      await deleteConversation(removing.pk).unwrap();
      setRemoving(undefined);
    } catch (error) {
      const { key, values } = errorMessage(error);
      void toast.show(t(key, values), { variant: 'error' });
    }
  }

  return (
    <Box
      data-testid="history-panel"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: '12rem', gap: 1 }}
    >
      <Button
        component={NavLink}
        to={paths.chat}
        end
        onClick={onNavigate}
        variant="outlined"
        startIcon={<AddIcon />}
        sx={{ justifyContent: 'flex-start' }}
      >
        {t('history.newChat')}
      </Button>
      <TextField
        size="small"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('search.placeholder')}
        slotProps={{
          htmlInput: { 'aria-label': t('search.label'), maxLength: SEARCH_QUERY_MAX },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {trimmed ? (
        <SearchResults
          query={trimmed}
          hits={searchResult.originalArgs === trimmed ? searchResult.data?.items : undefined}
          loading={searchResult.isFetching || searchResult.originalArgs !== trimmed}
          onNavigate={() => {
            setQuery('');
            onNavigate?.();
          }}
        />
      ) : (
        <Box component="section" aria-label={t('history.label')} sx={{ flex: 1, minHeight: 0 }}>
          {isLoading && <CircularProgress size={20} aria-label={t('history.loading')} />}
          {isError && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
              {t('history.loadFailed')}
            </Typography>
          )}
          {data && rows.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
              {t('history.empty')}
            </Typography>
          )}
          {rows.length > 0 && (
            <Virtuoso
              style={{ height: '100%' }}
              data={rows}
              endReached={loadMore}
              computeItemKey={(_, row) =>
                row.kind === 'header' ? `h-${row.group}` : row.conversation.pk
              }
              itemContent={(_, row) =>
                row.kind === 'header' ? (
                  <ListSubheader
                    component="h2"
                    disableSticky
                    sx={{ bgcolor: 'transparent', lineHeight: 2.5, fontSize: '0.75rem' }}
                  >
                    {t(`history.groups.${row.group}`)}
                  </ListSubheader>
                ) : (
                  <ConversationRow
                    conversation={row.conversation}
                    selected={row.conversation.pk === conversationId}
                    onNavigate={onNavigate}
                    onRename={setRenaming}
                    onShare={canShare ? setSharing : undefined}
                    onExport={setExporting}
                    onDelete={setRemoving}
                  />
                )
              }
              components={{
                Footer: () =>
                  isFetchingNextPage ? (
                    <CircularProgress size={16} aria-label={t('history.loading')} sx={{ m: 1 }} />
                  ) : null,
              }}
            />
          )}
        </Box>
      )}
      {renaming && (
        <Suspense fallback={null}>
          <RenameConversationDialog
            conversation={renaming}
            onClose={() => setRenaming(undefined)}
          />
        </Suspense>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog
            conversationPk={sharing.pk}
            name={conversationName(sharing)}
            encrypted={sharing.is_encrypted}
            onClose={() => setSharing(undefined)}
          />
        </Suspense>
      )}
      {exporting && (
        <Suspense fallback={null}>
          <ExportDialog
            target={{ conversationPk: exporting.pk }}
            name={conversationName(exporting)}
            onClose={() => setExporting(undefined)}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={t('history.deleteTitle')}
        description={t('history.deleteDescription', {
          name: removing ? conversationName(removing) : '',
        })}
        confirmLabel={t('history.delete')}
        cancelLabel={t('actions.cancel')}
        destructive
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setRemoving(undefined)}
      />
    </Box>
  );
}
