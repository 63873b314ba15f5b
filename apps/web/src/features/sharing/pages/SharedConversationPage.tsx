import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_DATE_FORMAT, type SharedConversation } from '@themis/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../../app/api/error-message';
import { formatDate } from '../../../app/dates';
import { paths } from '../../../app/paths';
import { useToast } from '../../../app/toast';
import { useLanguage } from '../../../app/use-language';
import { useEncryptionFlows } from '../../encryption';
import { ExportButton } from '../../export';
import {
  useContinueSharedConversationMutation,
  useListSharedMessagesInfiniteQuery,
  useVerifySharedLinkQuery,
} from '../api';
import { PersonAvatar } from '../components/PersonAvatar';
import { SharedLinkUnavailable } from '../components/SharedLinkUnavailable';
import { SharedMessageItem } from '../components/SharedMessageItem';

const COLUMN = { maxWidth: '48rem', mx: 'auto', px: { xs: 2, sm: 3 }, width: '100%' } as const;

const isNotFound = (error: unknown) =>
  error !== undefined && (error as { status?: unknown }).status === 404;

/** A shared conversation is kept out of search engines and never passed on as a referrer. */
function PrivacyMeta() {
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <meta name="referrer" content="no-referrer" />
    </>
  );
}

/** Who shared it and when, and the way to take it away as a file. */
function SharedHeader({ shared, secret }: { shared: SharedConversation; secret: string }) {
  const { t } = useTranslation(['sharing', 'chat']);
  const { language } = useLanguage();
  const owner = shared.owner.full_name;
  const sharedBy = shared.is_owner
    ? t('page.sharedByYou')
    : owner
      ? t('page.sharedBy', { name: owner })
      : t('page.sharedByUnknown');
  const sharedOn = t('page.sharedOn', {
    date: formatDate(shared.shared_at, DEFAULT_DATE_FORMAT, { language }),
  });
  return (
    <Box component="header" sx={{ ...COLUMN, pt: 3, pb: 1 }}>
      <Typography component="h1" variant="h5" sx={{ overflowWrap: 'anywhere', mb: 1.5 }}>
        {shared.name || t('chat:history.untitled')}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <PersonAvatar person={shared.owner} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" data-testid="shared-owner">
            {sharedBy}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            {`${sharedOn} · ${t('page.messageCount', { count: shared.message_count })}`}
          </Typography>
        </Box>
        <ExportButton target={{ shareSecret: secret }} name={shared.name || undefined} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('page.snapshotNote')}
      </Typography>
    </Box>
  );
}

/**
 * /chat/share/:secret: a conversation someone shared, read-only, with the way to continue it
 * in the visitor's own chat. Any link that does not open says it is no longer available.
 */
export function SharedConversationPage() {
  const { t } = useTranslation(['sharing', 'chat']);
  const { secret = '' } = useParams();
  const navigate = useNavigate();
  const toast = useToast();
  const flows = useEncryptionFlows();
  const verify = useVerifySharedLinkQuery(secret);
  const messages = useListSharedMessagesInfiniteQuery(secret, { skip: !verify.data });
  const [continueShared] = useContinueSharedConversationMutation();
  const [continuing, setContinuing] = useState(false);
  const items = useMemo(
    () => messages.data?.pages.flatMap((page) => page.items) ?? [],
    [messages.data],
  );

  async function continueInChat() {
    setContinuing(true);
    // The visitor's context may encrypt: a locked key or a missing PIN is asked for first.
    const outcome = await flows.run(() => continueShared(secret).unwrap());
    setContinuing(false);
    if (outcome.status === 'done') {
      void navigate(`${paths.chat}/${outcome.data.conversation_pk}`);
    } else if (outcome.status === 'failed') {
      const { key, values } = errorMessage(outcome.error);
      void toast.show(t(key, values), { variant: 'error' });
    }
  }

  if (isNotFound(verify.error) || isNotFound(messages.error)) {
    return (
      <>
        <PrivacyMeta />
        <SharedLinkUnavailable />
      </>
    );
  }

  const failed = verify.error ?? (messages.data ? undefined : messages.error);
  if (failed) {
    const { key, values } = errorMessage(failed);
    return (
      <Box sx={{ ...COLUMN, py: 3 }} data-testid="shared-conversation-error">
        <PrivacyMeta />
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void (verify.error ? verify.refetch() : messages.refetch())}
            >
              {t('page.retry')}
            </Button>
          }
        >
          {`${t('page.loadFailed')} ${t(key, values)}`}
        </Alert>
      </Box>
    );
  }

  if (!verify.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', flex: 1, py: 6 }}>
        <PrivacyMeta />
        <CircularProgress aria-label={t('page.loading')} />
      </Box>
    );
  }

  return (
    <Box
      data-testid="shared-conversation"
      sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <PrivacyMeta />
      <SharedHeader shared={verify.data} secret={secret} />
      <Box component="section" aria-label={t('page.messages')} sx={{ ...COLUMN, flex: 1, py: 1 }}>
        {messages.isLoading && <CircularProgress size={24} aria-label={t('page.loading')} />}
        {messages.data && items.length === 0 && (
          <Typography color="text.secondary">{t('page.empty')}</Typography>
        )}
        {items.map((message) => (
          <SharedMessageItem key={message.position} message={message} />
        ))}
        {messages.hasNextPage && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <Button
              variant="outlined"
              onClick={() => void messages.fetchNextPage()}
              loading={messages.isFetchingNextPage}
              data-testid="shared-load-more"
            >
              {t('page.loadMore')}
            </Button>
          </Box>
        )}
      </Box>
      {/* Docked like the chat's question box, with the same notice under it. */}
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
          py: 1.5,
        }}
      >
        <Stack spacing={0.75} sx={{ ...COLUMN, alignItems: 'center', textAlign: 'center' }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<ForumOutlinedIcon />}
            onClick={() => void continueInChat()}
            loading={continuing}
            data-testid="shared-continue"
          >
            {t('page.continue')}
          </Button>
          {/* On a phone the bar keeps to the button and the notice, leaving room to read. */}
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            {t('page.continueHint')}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="shared-disclaimer">
            {t('chat:input.notice')}
          </Typography>
        </Stack>
      </Box>
    </Box>
  );
}
