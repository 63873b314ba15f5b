import AttachFileIcon from '@mui/icons-material/AttachFile';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Message } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingQuestion } from '../chat-store';

// Light on purpose: the question being sent shows with these alone, before the message
// list's code has come (the first question of a visit).

/** A message's place in the conversation's column. */
export const messageArticleSx = {
  maxWidth: '48rem',
  mx: 'auto',
  px: { xs: 2, sm: 3 },
  py: 1.5,
  borderRadius: 2,
} as const;

/** A question's files and words, with what may be done on it beside and below. */
export function QuestionView({
  content,
  filenames,
  sending = false,
  action,
  below,
}: {
  content: string;
  filenames: string[];
  sending?: boolean;
  /** Beside the words (the edit button). */
  action?: ReactNode;
  /** Under the words (the versions' pager, or that it is being sent). */
  below: ReactNode;
}) {
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
      {filenames.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, justifyContent: 'flex-end' }}>
          {filenames.map((filename, index) => (
            <Chip key={index} size="small" icon={<AttachFileIcon />} label={filename} />
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, maxWidth: '85%' }}>
        {action}
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
          {content}
        </Box>
      </Box>
      {below}
    </Box>
  );
}

/** The question on its way, after `last`, the last message shown. */
export function PendingQuestionItem({
  pending,
  last,
}: {
  pending: PendingQuestion;
  last: Message | undefined;
}) {
  const { t } = useTranslation('chat');
  const seq = (last?.seq ?? 0) + 1;
  return (
    <Box
      component="article"
      aria-label={t('question.label')}
      data-testid={`message-${seq}`}
      sx={messageArticleSx}
    >
      <QuestionView
        content={pending.content}
        filenames={pending.filenames}
        sending
        below={
          <Typography role="status" variant="caption" color="text.secondary">
            {t('question.sending')}
          </Typography>
        }
      />
    </Box>
  );
}
