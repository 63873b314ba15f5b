import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { paths } from '../../../app/paths';
import { reportError } from '../../../app/reporting';
import { ContactMailbox } from '../../../components/ContactMailbox';
import { FullPageMessage } from '../../../components/FullPageMessage';

/** The router's error screen; loaded eagerly because a failed lazy load may be the error. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    void reportError(error, { during: 'routing' });
  }, [error]);

  return (
    <FullPageMessage
      testId="route-error-page"
      icon={<ErrorOutlineOutlinedIcon />}
      title={t('routeError.title')}
      description={t('routeError.description')}
      actions={
        <>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
          {/* A full page load, as the router itself may be in a broken state. */}
          <Button variant="outlined" href={paths.chat}>
            {t('routeError.backToChat')}
          </Button>
        </>
      }
      footer={<ContactMailbox prompt={t('routeError.contact')} />}
    />
  );
}
