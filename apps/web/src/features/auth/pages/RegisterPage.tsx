import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { paths, withEmail, withFrom } from '../../../app/paths';
import { useLanguage } from '../../../app/use-language';
import { CardPage } from '../../../components/CardPage';
import { FormError } from '../../../components/form/FormError';
import { FormTextField } from '../../../components/form/FormTextField';
import { useRegisterMutation } from '../api';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';
import { TermsCheckbox } from '../components/TermsCheckbox';
import { lazyZodResolver } from '../../../components/form/lazy-zod-resolver';
import { isInvitationPath, rememberDestination } from '../pending-destination';

/**
 * /register, optionally with ?email= (an invitation), which stays editable, and ?from= (an
 * invitation or a shared link), kept for after the questionnaire: the code may be confirmed
 * in another tab.
 */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { language } = useLanguage();
  const [createAccount] = useRegisterMutation();
  const [error, setError] = useState<unknown>();
  const from = params.get('from');
  useEffect(() => rememberDestination(from), [from]);
  const invited = isInvitationPath(from);
  const { control, handleSubmit, formState } = useForm({
    resolver: lazyZodResolver((schemas) => schemas.ZRegisterRequest),
    mode: 'onChange',
    defaultValues: {
      email: params.get('email') ?? '',
      password: '',
      password_confirmation: '',
      language,
    },
  });

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      // The e-mails go out in the language the page is shown in now. The answer is the same
      // for an address that already has an account (its owner is told by e-mail instead).
      const { email } = await createAccount({ ...values, language }).unwrap();
      navigate(withEmail(paths.registerConfirmation, email));
    } catch (failure) {
      setError(failure);
    }
  });

  return (
    <CardPage
      title={t(invited ? 'register.invitationTitle' : 'register.title')}
      description={t(invited ? 'register.invitationDescription' : 'register.description')}
    >
      <Stack component="form" noValidate onSubmit={submit} spacing={2} data-testid="register-form">
        {error !== undefined && <FormError error={error} />}
        <FormTextField
          control={control}
          name="email"
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          autoFocus
        />
        <NewPasswordFields control={control} />
        <TermsCheckbox control={control} />
        <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
          {t('register.submit')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('register.haveAccount')}{' '}
        <Link component={RouterLink} to={withFrom(paths.login, from)}>
          {t('register.login')}
        </Link>
      </Typography>
    </CardPage>
  );
}
