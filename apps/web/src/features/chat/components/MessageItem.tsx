import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha, keyframes, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import type { Message } from '@themis/shared';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
// With the list's code, not lazily: an answer never shows as plain text first.
import { MarkdownAnswer } from '../../../components/MarkdownAnswer';
import { AnswerActions } from './AnswerActions';
import { messageArticleSx, QuestionView } from './QuestionView';
import { VersionPager } from './VersionPager';

const blink = keyframes`50% { opacity: 0; }`;

/** The message a search opened the conversation at: tinted and marked at its side. */
const highlightSx = (theme: Theme) => ({
  bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.24 : 0.1),
  boxShadow: `inset 4px 0 0 ${theme.palette.primary.main}`,
});

export interface MessageItemProps {
  message: Message;
  highlighted: boolean;
  /** Set while a question may be asked again in other words. */
  onEdit?: (message: Message) => void;
  /** Set while an answer may be written again. */
  onRegenerate?: (answer: Message) => void;
  /** Set while another version may be shown. */
  onSwitchVersion?: (message: Message, version: number) => void;
}

function Question({
  message,
  onEdit,
  onSwitchVersion,
}: Pick<MessageItemProps, 'message' | 'onEdit' | 'onSwitchVersion'>) {
  const { t } = useTranslation('chat');
  return (
    <QuestionView
      content={message.content}
      filenames={message.attachments.map((file) => file.filename)}
      action={
        onEdit && (
          <Tooltip title={t('question.edit')}>
            <IconButton
              size="small"
              aria-label={t('question.edit')}
              onClick={() => onEdit(message)}
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )
      }
      below={<VersionPager message={message} onSwitch={onSwitchVersion} />}
    />
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
      <MarkdownAnswer text={message.content} finished={!streaming} />
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
      sx={[messageArticleSx, highlighted && highlightSx]}
    >
      {isQuestion ? (
        <Question message={message} onEdit={onEdit} onSwitchVersion={onSwitchVersion} />
      ) : (
        <Answer message={message} onRegenerate={onRegenerate} onSwitchVersion={onSwitchVersion} />
      )}
    </Box>
  );
});
