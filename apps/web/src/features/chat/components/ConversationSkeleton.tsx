import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';

/** The shape of a conversation while its messages load: a question, then an answer. */
export function ConversationSkeleton() {
  const { t } = useTranslation('chat');
  return (
    <Box
      role="status"
      aria-label={t('conversation.loading')}
      data-testid="conversation-skeleton"
      sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}
    >
      {[0, 1].map((exchange) => (
        <Box key={exchange} sx={{ maxWidth: '48rem', mx: 'auto', px: { xs: 2, sm: 3 }, py: 1.5 }}>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
            <Skeleton variant="rounded" width="55%" height={44} sx={{ borderRadius: 3 }} />
          </Box>
          <Skeleton variant="text" width="92%" />
          <Skeleton variant="text" width="85%" />
          <Skeleton variant="text" width="60%" />
        </Box>
      ))}
    </Box>
  );
}
