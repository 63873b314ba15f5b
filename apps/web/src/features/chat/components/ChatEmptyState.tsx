import BalanceIcon from '@mui/icons-material/Balance';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export const EXAMPLE_TOPICS = [
  'tenancy',
  'employment',
  'consumer',
  'inheritance',
  'company',
  'gdpr',
  'family',
] as const;

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
      {onPickTopic && (
        <Box
          component="ul"
          aria-label={t('topics.label')}
          sx={{
            display: 'flex',
            gap: 1.5,
            listStyle: 'none',
            m: 0,
            p: 0.5,
            width: '100%',
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
          }}
        >
          {EXAMPLE_TOPICS.map((topic) => (
            <Box component="li" key={topic} sx={{ flex: '0 0 13rem', scrollSnapAlign: 'start' }}>
              <ButtonBase
                onClick={() => onPickTopic(t(`topics.${topic}.question`))}
                sx={{
                  width: '100%',
                  height: '100%',
                  display: 'block',
                  textAlign: 'left',
                  p: 1.5,
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 2,
                  '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover' },
                }}
              >
                <Typography variant="subtitle2">{t(`topics.${topic}.title`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t(`topics.${topic}.question`)}
                </Typography>
              </ButtonBase>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
