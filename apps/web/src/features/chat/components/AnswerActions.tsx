import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import ThumbDownAltOutlinedIcon from '@mui/icons-material/ThumbDownAltOutlined';
import ThumbUpAltOutlinedIcon from '@mui/icons-material/ThumbUpAltOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Message } from '@themis/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../app/api/error-message';
import { useToast } from '../../../app/toast';
import { useSendFeedback } from '../use-send-feedback';
import { BadFeedbackDialog } from './BadFeedbackDialog';

export interface AnswerActionsProps {
  message: Message;
  /** Absent while the answer cannot be written again. */
  onRegenerate?: () => void;
  /** The answer's version pager, first in the row. */
  versions?: ReactNode;
}

/** Copy, good/bad feedback and regenerate under a finished answer. */
export function AnswerActions({ message, onRegenerate, versions }: AnswerActionsProps) {
  const { t } = useTranslation('chat');
  const toast = useToast();
  const [dialogOpen, setDialogOpen] = useState(false);
  const { send, isLoading } = useSendFeedback(message);
  const value = message.feedback?.value;

  async function copy() {
    try {
      await navigator.clipboard.writeText(message.content);
      void toast.show(t('answer.copied'), { variant: 'success' });
    } catch {
      void toast.show(t('answer.copyFailed'), { variant: 'error' });
    }
  }

  async function submit(body: Parameters<typeof send>[0]) {
    try {
      await send(body);
      setDialogOpen(false);
      void toast.show(t('feedback.thanks'), { variant: 'success' });
    } catch (error) {
      const { key, values } = errorMessage(error);
      void toast.show(t(key, values), { variant: 'error' });
    }
  }

  const action = (label: string, icon: ReactNode, onClick: () => void, pressed?: boolean) => (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        color={pressed ? 'primary' : 'default'}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 0.5,
        mt: 0.5,
        color: 'text.secondary',
      }}
    >
      {versions}
      {action(t('answer.copy'), <ContentCopyIcon fontSize="small" />, () => void copy())}
      {action(
        t('answer.good'),
        <ThumbUpAltOutlinedIcon fontSize="small" />,
        () => void submit({ value: 'good' }),
        value === 'good',
      )}
      {action(
        t('answer.bad'),
        <ThumbDownAltOutlinedIcon fontSize="small" />,
        () => setDialogOpen(true),
        value === 'bad',
      )}
      {/* A failed answer offers the retry in words; a finished one as an icon. */}
      {onRegenerate &&
        (message.status === 'error' ? (
          // The tooltip describes; the button keeps the name it shows.
          <Tooltip title={t('answer.regenerate')} describeChild>
            <Button
              size="small"
              variant="outlined"
              startIcon={<RefreshIcon fontSize="small" />}
              onClick={onRegenerate}
            >
              {t('answer.retry')}
            </Button>
          </Tooltip>
        ) : (
          action(t('answer.regenerate'), <RefreshIcon fontSize="small" />, onRegenerate)
        ))}
      {dialogOpen && (
        <BadFeedbackDialog
          open
          initial={message.feedback}
          loading={isLoading}
          onClose={() => setDialogOpen(false)}
          onSubmit={(reason, comment) =>
            void submit({ value: 'bad', reason, ...(comment && { comment }) })
          }
        />
      )}
    </Box>
  );
}
