import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../../components/form/FormError';
import { useGetMeQuery } from '../../../user/api';
import { AccountDetailsForm } from './AccountDetailsForm';
import { ConnectedServices } from './ConnectedServices';

/** "Your account": picture and personal details in one form, then the connected services. */
export function AccountTab() {
  const { t } = useTranslation('settings');
  const me = useGetMeQuery();
  return (
    <Stack spacing={3} data-testid="settings-account">
      <section aria-labelledby="settings-account-heading">
        <Typography id="settings-account-heading" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('account.heading')}
        </Typography>
        {me.data ? (
          <AccountDetailsForm user={me.data} />
        ) : me.isError ? (
          <FormError error={me.error} />
        ) : (
          <CircularProgress aria-label={t('common:loading')} />
        )}
      </section>
      <Divider />
      <ConnectedServices />
    </Stack>
  );
}
