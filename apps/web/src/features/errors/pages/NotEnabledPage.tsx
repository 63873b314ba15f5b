import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { FullPageMessage } from '../../../components/FullPageMessage';

export type NotEnabledArea = 'documents' | 'models';

/** A page the sidebar names but the product does not offer yet (spec §2), in the shell. */
export function NotEnabledPage({ area }: { area: NotEnabledArea }) {
  const { t } = useTranslation();
  return (
    <FullPageMessage
      testId="not-enabled-page"
      embedded
      icon={<ConstructionOutlinedIcon />}
      title={t('notEnabled.title', { name: t(`nav.${area}`) })}
      description={t('notEnabled.description')}
      actions={
        <Button variant="contained" component={Link} to={paths.chat}>
          {t('notEnabled.backToChat')}
        </Button>
      }
    />
  );
}

export const DocumentsPage = () => <NotEnabledPage area="documents" />;
export const ModelsPage = () => <NotEnabledPage area="models" />;
