import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  CANCEL_COMMENT_MAX,
  CANCEL_REASONS,
  DEFAULT_DATE_FORMAT,
  type CancelReason,
  type Subscription,
} from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { FormError } from '../../../components/form/FormError';
import { useCancelSubscriptionMutation, type BillingAccount } from '../api';
import { usePlanName } from '../plan-name';

export interface CancelSubscriptionDialogProps {
  subscription: Subscription;
  organizationPk: BillingAccount;
  onClose: () => void;
}

/**
 * Cancelling asks why (a reason is required, a comment is optional), then says until when
 * the plan stays active: it does not renew, but nothing paid for is lost.
 */
export function CancelSubscriptionDialog({
  subscription,
  organizationPk,
  onClose,
}: CancelSubscriptionDialogProps) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const { language } = useLanguage();
  const titleId = useId();
  const reasonLabelId = useId();
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [comment, setComment] = useState('');
  const [cancel, cancelling] = useCancelSubscriptionMutation();
  const [endsAt, setEndsAt] = useState<string | null>();
  const tooLong = comment.length > CANCEL_COMMENT_MAX;
  const date = (value: string | null) =>
    value ? formatDate(value, DEFAULT_DATE_FORMAT, { language }) : t('subscription.noEnd');
  const plan = planName(subscription.plan);

  async function confirm() {
    if (reason === '') return;
    const result = await cancel({
      reason,
      comment: comment.trim(),
      organization_pk: organizationPk,
    });
    if ('data' in result && result.data) {
      setEndsAt(result.data.subscription?.current_period_end ?? subscription.current_period_end);
    }
  }

  const done = endsAt !== undefined;
  return (
    <Dialog
      open
      onClose={cancelling.isLoading ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid="cancel-subscription-dialog"
    >
      <DialogTitle id={titleId}>{t(done ? 'cancel.doneTitle' : 'cancel.title')}</DialogTitle>
      <DialogContent>
        {done ? (
          <Alert severity="success" role="status" data-testid="cancel-subscription-done">
            {t('cancel.done', { plan, date: date(endsAt) })}
          </Alert>
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>
              {t('cancel.description', { plan, date: date(subscription.current_period_end) })}
            </DialogContentText>
            {cancelling.isError && <FormError error={cancelling.error} />}
            <FormControl required sx={{ mt: 1 }}>
              <FormLabel id={reasonLabelId}>{t('cancel.reason')}</FormLabel>
              <RadioGroup
                aria-labelledby={reasonLabelId}
                value={reason}
                onChange={(event) => setReason(event.target.value as CancelReason)}
                data-testid="cancel-reason"
              >
                {CANCEL_REASONS.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={t(`cancel.reasons.${value}`)}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <TextField
              label={t('cancel.comment')}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
              multiline
              minRows={3}
              fullWidth
              margin="normal"
              error={tooLong}
              helperText={
                tooLong ? t('validation:messageMax', { count: CANCEL_COMMENT_MAX }) : undefined
              }
              slotProps={{ htmlInput: { 'data-testid': 'cancel-comment' } }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {done ? (
          <Button variant="contained" onClick={onClose} data-testid="cancel-subscription-close">
            {t('cancel.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={cancelling.isLoading}>
              {t('cancel.keep')}
            </Button>
            <Button
              variant="contained"
              color="error"
              loading={cancelling.isLoading}
              disabled={reason === '' || tooLong}
              onClick={() => void confirm()}
              data-testid="cancel-subscription-confirm"
            >
              {t('cancel.confirm')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
