import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { CardPage } from '../../../components/CardPage';

/** /activation/activated: the account is active and the user signed in. */
export function ActivatedPage() {
  const { t } = useTranslation('auth');
  return (
    <CardPage
      testId="activated-page"
      icon={<CheckCircleOutlinedIcon />}
      title={t('activated.title')}
      description={t('activated.description')}
    >
      {/* The questionnaire's guard sends a user whose details are set on to the chat. */}
      <Button
        component={RouterLink}
        to={paths.questionnaire}
        variant="contained"
        size="large"
        data-testid="activated-continue"
      >
        {t('activated.continue')}
      </Button>
    </CardPage>
  );
}
