import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { UserResponse } from '@themis/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../app/api/error-message';
import { useToast } from '../../../../app/toast';
import { FormAreaCodeSelect } from '../../../../components/form/FormAreaCodeSelect';
import { FormTextField } from '../../../../components/form/FormTextField';
import { ReadOnlyField } from '../../../../components/form/ReadOnlyField';
import { lazyZodResolver } from '../../../../components/form/lazy-zod-resolver';
import {
  ProfilePicturePicker,
  type PictureValue,
} from '../../../../components/ProfilePicturePicker';
import { useUpdateAccountMutation } from '../../../user/api';

const UNCHANGED: PictureValue = { kind: 'unchanged' };
const TOP_CENTER = { vertical: 'top', horizontal: 'center' } as const;

const detailsOf = (user: UserResponse) => ({
  name: user.name ?? '',
  surname: user.surname ?? '',
  phone_prefix: user.phone_prefix ?? '',
  phone_number: user.phone_number ?? '',
});

/**
 * The profile picture and the personal details, saved together as the multipart account
 * update; the e-mail is shown read-only. Save is disabled while the form is invalid or
 * unchanged, and Cancel resets the fields and the picture.
 */
export function AccountDetailsForm({ user }: { user: UserResponse }) {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const [updateAccount] = useUpdateAccountMutation();
  const [picture, setPicture] = useState<PictureValue>(UNCHANGED);
  const { control, handleSubmit, formState, reset } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZPersonalDetailsRequest),
    mode: 'onChange',
    defaultValues: detailsOf(user),
  });
  const changed = formState.isDirty || picture.kind !== 'unchanged';

  const submit = handleSubmit(async (details) => {
    try {
      const saved = await updateAccount({ details, picture }).unwrap();
      reset(detailsOf(saved));
      setPicture(UNCHANGED);
      void toast.show(t('account.submitted'), { variant: 'success' });
    } catch (failure) {
      const { key, values } = errorMessage(failure);
      void toast.show(`${t('account.error')} ${t(key, values)}`, {
        variant: 'error',
        anchor: TOP_CENTER,
      });
    }
  });

  const cancel = () => {
    reset(detailsOf(user));
    setPicture(UNCHANGED);
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      spacing={2.5}
      data-testid="account-details-form"
    >
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
          label={t('account.firstName')}
          autoComplete="given-name"
        />
        <FormTextField
          control={control}
          name="surname"
          label={t('account.lastName')}
          autoComplete="family-name"
        />
      </Stack>
      <ReadOnlyField
        label={t('account.email')}
        value={user.email}
        helperText={t('account.emailReadOnly')}
        testId="account-email"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormAreaCodeSelect
          control={control}
          name="phone_prefix"
          label={t('account.areaCode')}
          noneLabel={t('account.noAreaCode')}
          sx={{ maxWidth: { sm: '12rem' } }}
        />
        <FormTextField
          control={control}
          name="phone_number"
          label={t('account.phone')}
          helperText={t('account.phoneHint')}
          type="tel"
          autoComplete="tel-national"
        />
      </Stack>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={cancel} disabled={!changed || formState.isSubmitting}>
          {t('account.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!formState.isValid || !changed}
          loading={formState.isSubmitting}
          data-testid="account-save"
        >
          {t('account.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
