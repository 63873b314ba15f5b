import BalanceIcon from '@mui/icons-material/Balance';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TopicCarousel } from './TopicCarousel';

export interface ChatEmptyStateProps {
  /** Fills the question box with the topic's example question. */
  onPickTopic?: (question: string) => void;
}

/** What a new conversation shows before the first question. */
export function ChatEmptyState({ onPickTopic }: ChatEmptyStateProps) {
  const { t } = useTranslation('chat');
  return (
    <Box
      data-testid="chat-empty-state"
      sx={{
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        width: '100%',
        maxWidth: '48rem',
        mx: 'auto',
        px: 3,
        py: 4,
        minWidth: 0,
      }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: '4rem',
          height: '4rem',
          borderRadius: '50%',
          bgcolor: 'background.sidebar',
          color: 'secondary.main',
        }}
      >
        <BalanceIcon sx={{ fontSize: '2.25rem' }} />
      </Box>
      <Typography component="h1" variant="h4">
        {t('emptyState.greeting')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: '34rem' }}>
        {t('emptyState.disclaimer')}
      </Typography>
      {onPickTopic && <TopicCarousel onPickTopic={onPickTopic} />}
    </Box>
  );
}
