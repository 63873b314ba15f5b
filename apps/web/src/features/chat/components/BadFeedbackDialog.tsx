import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { BAD_FEEDBACK_REASONS, FEEDBACK_COMMENT_MAX, type MessageFeedback } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Reason = (typeof BAD_FEEDBACK_REASONS)[number];

export interface BadFeedbackDialogProps {
  open: boolean;
  initial: MessageFeedback | null;
  loading: boolean;
  onSubmit: (reason: Reason, comment: string) => void;
  onClose: () => void;
}

/** Why an answer was bad: one reason and, optionally, what was wrong in the user's words. */
export function BadFeedbackDialog({
  open,
  initial,
  loading,
  onSubmit,
  onClose,
}: BadFeedbackDialogProps) {
  const { t } = useTranslation('chat');
  const titleId = useId();
  const reasonLabelId = useId();
  const [reason, setReason] = useState<Reason | ''>(initial?.reason ?? '');
  const [comment, setComment] = useState(initial?.comment ?? '');
  const tooLong = comment.length > FEEDBACK_COMMENT_MAX;
  const missingText = reason === 'other' && comment.trim() === '';

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('feedback.title')}</DialogTitle>
      <DialogContent>
        <FormLabel id={reasonLabelId}>{t('feedback.reasonLabel')}</FormLabel>
        <RadioGroup
          aria-labelledby={reasonLabelId}
          value={reason}
          onChange={(event) => setReason(event.target.value as Reason)}
        >
          {BAD_FEEDBACK_REASONS.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              control={<Radio />}
              label={t(`feedback.reasons.${value}`)}
            />
          ))}
        </RadioGroup>
        <TextField
          label={t('feedback.comment')}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          margin="normal"
          error={tooLong}
          helperText={
            tooLong ? t('validation:messageMax', { count: FEEDBACK_COMMENT_MAX }) : undefined
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={loading}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          loading={loading}
          disabled={reason === '' || tooLong || missingText}
          onClick={() => reason !== '' && onSubmit(reason, comment.trim())}
        >
          {t('feedback.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
