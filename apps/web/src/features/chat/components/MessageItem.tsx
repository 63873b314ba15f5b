import AttachFileIcon from '@mui/icons-material/AttachFile';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Message } from '@themis/shared';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerActions } from './AnswerActions';
import { VersionPager } from './VersionPager';

// The markdown renderer loads with the first answer, not with the chat page.
const MarkdownAnswer = lazy(async () => ({
  default: (await import('./MarkdownAnswer')).MarkdownAnswer,
}));

const blink = keyframes`50% { opacity: 0; }`;

export interface MessageItemProps {
  message: Message;
  highlighted: boolean;
  /** A question on its way: shown as sending, with nothing to do on it yet. */
  sending?: boolean;
  /** Set while a question may be asked again in other words. */
  onEdit?: (message: Message) => void;
  /** Set while an answer may be written again. */
  onRegenerate?: (answer: Message) => void;
  /** Set while another version may be shown. */
  onSwitchVersion?: (message: Message, version: number) => void;
}

function Question({
  message,
  sending,
  onEdit,
  onSwitchVersion,
}: Pick<MessageItemProps, 'message' | 'sending' | 'onEdit' | 'onSwitchVersion'>) {
  const { t } = useTranslation('chat');
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-end',
        gap: 0.5,
        opacity: sending ? 0.7 : 1,
      }}
    >
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
            <IconButton
              size="small"
              aria-label={t('question.edit')}
              onClick={() => onEdit(message)}
            >
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
      {sending ? (
        <Typography role="status" variant="caption" color="text.secondary">
          {t('question.sending')}
        </Typography>
      ) : (
        <VersionPager message={message} onSwitch={onSwitchVersion} />
      )}
    </Box>
  );
}

function Answer({
  message,
  onRegenerate,
  onSwitchVersion,
}: Pick<MessageItemProps, 'message' | 'onRegenerate' | 'onSwitchVersion'>) {
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
      {!streaming && (
        <AnswerActions
          message={message}
          onRegenerate={onRegenerate && (() => onRegenerate(message))}
          versions={<VersionPager message={message} onSwitch={onSwitchVersion} />}
        />
      )}
    </Box>
  );
}

/** One question or answer of the conversation. */
export const MessageItem = memo(function MessageItem({
  message,
  highlighted,
  sending = false,
  onEdit,
  onRegenerate,
  onSwitchVersion,
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
        <Question
          message={message}
          sending={sending}
          onEdit={sending ? undefined : onEdit}
          onSwitchVersion={onSwitchVersion}
        />
      ) : (
        <Answer message={message} onRegenerate={onRegenerate} onSwitchVersion={onSwitchVersion} />
      )}
    </Box>
  );
});
