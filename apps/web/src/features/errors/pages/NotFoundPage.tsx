import TravelExploreOutlinedIcon from '@mui/icons-material/TravelExploreOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { ContactMailbox } from '../../../components/ContactMailbox';
import { FullPageMessage } from '../../../components/FullPageMessage';

/**
 * Unknown addresses, and expired or removed links; `embedded` inside the shell, whose main
 * landmark already holds the page.
 */
export function NotFoundPage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  return (
    <FullPageMessage
      testId="not-found-page"
      embedded={embedded}
      icon={<TravelExploreOutlinedIcon />}
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Button variant="contained" component={Link} to={paths.chat}>
          {t('notFound.backToChat')}
        </Button>
      }
      footer={<ContactMailbox prompt={t('notFound.contact')} />}
    />
  );
}
