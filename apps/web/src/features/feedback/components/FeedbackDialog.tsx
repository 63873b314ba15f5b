import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DEFAULT_FEEDBACK_TYPE, displayName, FEEDBACK_TYPES } from '@themis/shared';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { reportFeedback } from '../../../app/reporting';
import { useToast } from '../../../app/toast';
import { ContactMailbox } from '../../../components/ContactMailbox';
import { FormError } from '../../../components/form/FormError';
import { FormTextField } from '../../../components/form/FormTextField';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';
import { usePlanName } from '../../billing';
import { useCurrentOrganization } from '../../organizations';
import { useGetMeQuery } from '../../user/api';
import { useCreateFeedbackMutation } from '../api';

/** Sends feedback; who sends it, on which plan and in which organization is shown read-only. */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('feedback');
  const titleId = useId();
  const toast = useToast();
  const planName = usePlanName();
  const { data: me } = useGetMeQuery();
  const organization = useCurrentOrganization();
  const [createFeedback] = useCreateFeedbackMutation();
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZFeedbackRequest),
    mode: 'onChange',
    defaultValues: { type: DEFAULT_FEEDBACK_TYPE, message: '' },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await createFeedback(values).unwrap();
    } catch (failure) {
      setError(failure);
      void toast.show(t('failed'), { variant: 'error' });
      return;
    }
    if (me) {
      void reportFeedback({
        message: values.message,
        email: me.email,
        name: displayName(me),
        tags: {
          type: values.type,
          userId: me.pk,
          planId: me.customer.plan.pk,
          product: me.customer.plan.product_name,
          organization: organization?.name ?? '',
          organizationId: organization?.pk ?? '',
        },
      });
    }
    void toast.show(t('submitted'), { variant: 'success' });
    onClose();
  });

  const details = [
    [t('email'), me?.email ?? ''],
    [t('plan'), me ? planName(me.customer.plan) : ''],
    [t('organization'), organization ? organization.name : t('individualProfile')],
  ] as const;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={submit} data-testid="feedback-form">
        <DialogTitle id={titleId}>{t('title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error !== undefined && <FormError error={error} />}
            <Controller
              name="type"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <FormLabel id={`${titleId}-type`}>{t('type')}</FormLabel>
                  <RadioGroup row aria-labelledby={`${titleId}-type`} {...field}>
                    {FEEDBACK_TYPES.map((type) => (
                      <FormControlLabel
                        key={type}
                        value={type}
                        control={<Radio />}
                        label={t(`types.${type}`)}
                      />
                    ))}
                  </RadioGroup>
                </FormControl>
              )}
            />
            <FormTextField
              control={control}
              name="message"
              label={t('message')}
              multiline
              minRows={4}
              autoFocus
            />
            <Stack component="dl" spacing={0.5} sx={{ m: 0 }}>
              {details.map(([label, value]) => (
                <Stack key={label} direction="row" spacing={1}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                    {value}
                  </Typography>
                </Stack>
              ))}
            </Stack>
            <ContactMailbox prompt={t('contact')} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('send')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
