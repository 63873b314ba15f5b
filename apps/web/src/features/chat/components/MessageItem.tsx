import AttachFileIcon from '@mui/icons-material/AttachFile';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { Message } from '@themis/shared';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerActions } from './AnswerActions';

// The markdown renderer loads with the first answer, not with the chat page.
const MarkdownAnswer = lazy(async () => ({
  default: (await import('./MarkdownAnswer')).MarkdownAnswer,
}));

const blink = keyframes`50% { opacity: 0; }`;

export interface MessageItemProps {
  message: Message;
  highlighted: boolean;
  /** Set on the last question when it may be edited and asked again. */
  onEdit?: () => void;
  /** Set on the last answer when it may be written again. */
  onRegenerate?: () => void;
}

function Question({ message, onEdit }: Pick<MessageItemProps, 'message' | 'onEdit'>) {
  const { t } = useTranslation('chat');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: 0.5 }}>
      {message.attachments.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
          {message.attachments.map((file) => (
            <Chip key={file.pk} size="small" icon={<AttachFileIcon />} label={file.filename} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, maxWidth: '85%' }}>
        {onEdit && (
          <Tooltip title={t('question.edit')}>
            <IconButton size="small" aria-label={t('question.edit')} onClick={onEdit}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
        <Box
          sx={{
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
    </Box>
  );
}

function Answer({ message, onRegenerate }: Pick<MessageItemProps, 'message' | 'onRegenerate'>) {
  const { t } = useTranslation('chat');
  const streaming = message.status === 'streaming';
  return (
    <Box>
      <Suspense fallback={<Box sx={{ whiteSpace: 'pre-wrap' }}>{message.content}</Box>}>
        <MarkdownAnswer text={message.content} />
      </Suspense>
      {streaming && (
        <Box
          component="span"
          data-testid="streaming-cursor"
          aria-label={t('answer.writing')}
          role="status"
          sx={{
            display: 'inline-block',
            width: '0.5em',
            height: '1.1em',
            verticalAlign: 'text-bottom',
            bgcolor: 'text.primary',
            animation: `${blink} 1s step-end infinite`,
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      )}
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
      {!streaming && <AnswerActions message={message} onRegenerate={onRegenerate} />}
    </Box>
  );
}

/** One question or answer of the conversation. */
export const MessageItem = memo(function MessageItem({
  message,
  highlighted,
  onEdit,
  onRegenerate,
}: MessageItemProps) {
  const { t } = useTranslation('chat');
  const isQuestion = message.role === 'user';
  return (
    <Box
      component="article"
      aria-label={isQuestion ? t('question.label') : t('answer.label')}
      data-testid={`message-${message.seq}`}
      data-highlighted={highlighted || undefined}
      sx={{
        maxWidth: '48rem',
        mx: 'auto',
        px: { xs: 2, sm: 3 },
        py: 1.5,
        borderRadius: 2,
        transition: 'background-color 1s',
        bgcolor: highlighted ? 'action.hover' : undefined,
      }}
    >
      {isQuestion ? (
        <Question message={message} onEdit={onEdit} />
      ) : (
        <Answer message={message} onRegenerate={onRegenerate} />
      )}
    </Box>
  );
});
