import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { SharedMessage } from '@themis/shared';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** Lazy: an answer's markdown (react-markdown) loads with the first answer shown. */
const MarkdownAnswer = lazy(async () => ({
  default: (await import('../../../components/MarkdownAnswer')).MarkdownAnswer,
}));

function Question({ message }: { message: SharedMessage }) {
  const { t } = useTranslation('chat');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
      {message.attachments.length > 0 && (
        // Only the names are shared: the files themselves stay with their owner.
        <Box
          component="ul"
          aria-label={t('attachments.label')}
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 0.5,
            justifyContent: 'flex-end',
            listStyle: 'none',
            m: 0,
            p: 0,
          }}
        >
          {message.attachments.map((file, index) => (
            <li key={index}>
              <Chip size="small" icon={<AttachFileIcon />} label={file.filename} />
            </li>
          ))}
        </Box>
      )}
      <Box
        sx={{
          maxWidth: '85%',
          bgcolor: 'action.selected',
          borderRadius: 3,
          px: 2,
          py: 1.25,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        {message.content}
      </Box>
    </Box>
  );
}

function Answer({ message }: { message: SharedMessage }) {
  const { t } = useTranslation('chat');
  return (
    <Box>
      <Suspense fallback={<Box sx={{ whiteSpace: 'pre-wrap' }}>{message.content}</Box>}>
        <MarkdownAnswer text={message.content} />
      </Suspense>
      {message.status === 'cancelled' && (
        <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
          {t('answer.cancelled')}
        </Alert>
      )}
      {message.status === 'error' && (
        <Alert severity="error" variant="outlined" sx={{ mt: 1 }}>
          {t('answer.error')}
        </Alert>
      )}
    </Box>
  );
}

/** One question or answer of a shared conversation, read-only, as the chat shows it. */
export const SharedMessageItem = memo(function SharedMessageItem({
  message,
}: {
  message: SharedMessage;
}) {
  const { t } = useTranslation('sharing');
  const isQuestion = message.role === 'user';
  return (
    <Box
      component="article"
      aria-label={isQuestion ? t('page.question') : t('page.answer')}
      data-testid={`shared-message-${message.position}`}
      sx={{ py: 1.5 }}
    >
      {isQuestion ? <Question message={message} /> : <Answer message={message} />}
    </Box>
  );
});
