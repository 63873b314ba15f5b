import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type UserResponse } from '@themis/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/form/FormError';
import { FormAreaCodeSelect } from '../../../components/form/FormAreaCodeSelect';
import { FormTextField } from '../../../components/form/FormTextField';
import { ProfilePicturePicker, type PictureValue } from '../../../components/ProfilePicturePicker';
import { useUpdateAccountMutation } from '../../user/api';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';

// Announced as required without the asterisk in the label: the phone says it is optional.
const REQUIRED = { htmlInput: { 'aria-required': true } } as const;

export interface PersonalDetailsStepProps {
  user: UserResponse;
  onSaved: () => void;
}

/** Name, surname, an optional picture and phone; saving them sets has_personal_info_set. */
export function PersonalDetailsStep({ user, onSaved }: PersonalDetailsStepProps) {
  const { t } = useTranslation('questionnaire');
  const [updateAccount] = useUpdateAccountMutation();
  const [picture, setPicture] = useState<PictureValue>({ kind: 'unchanged' });
  const [error, setError] = useState<unknown>();
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZPersonalDetailsRequest),
    mode: 'onChange',
    defaultValues: {
      name: user.name ?? '',
      surname: user.surname ?? '',
      phone_prefix: user.phone_prefix ?? '',
      phone_number: user.phone_number ?? '',
    },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      await updateAccount({ details: values, picture }).unwrap();
      onSaved();
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2}
      data-testid="questionnaire-details-form"
    >
      <Typography component="h2" variant="h6">
        {t('details.heading')}
      </Typography>
      {error !== undefined && <FormError error={error} />}
      <ProfilePicturePicker
        currentUrl={user.avatar_url}
        value={picture}
        onChange={setPicture}
        disabled={formState.isSubmitting}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="name"
          label={t('details.firstName')}
          autoComplete="given-name"
          slotProps={REQUIRED}
          autoFocus
        />
        <FormTextField
          control={control}
          name="surname"
          label={t('details.lastName')}
          autoComplete="family-name"
          slotProps={REQUIRED}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormAreaCodeSelect
          control={control}
          name="phone_prefix"
          label={t('details.areaCode')}
          noneLabel={t('details.noAreaCode')}
          sx={{ maxWidth: { sm: '12rem' } }}
        />
        <FormTextField
          control={control}
          name="phone_number"
          label={t('details.phone')}
          helperText={t('details.phoneHint')}
          type="tel"
          autoComplete="tel-national"
        />
      </Stack>
      <Button
        type="submit"
        variant="contained"
        size="large"
        loading={formState.isSubmitting}
        sx={{ alignSelf: { sm: 'flex-end' } }}
      >
        {t('details.submit')}
      </Button>
    </Stack>
  );
}
