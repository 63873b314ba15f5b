import LinkOffIcon from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths';
import { FullPageMessage } from '../../../components/FullPageMessage';

/**
 * A link that does not open. The server answers every such link alike (disabled, deleted,
 * expired, kept to an organization's members, or never made), so the page names the likely
 * reasons without telling which. The page is behind the sign-in, which brings a signed-out
 * visitor back here: the way on is their chat.
 */
export function SharedLinkUnavailable() {
  const { t } = useTranslation('sharing');
  return (
    <FullPageMessage
      testId="shared-link-unavailable"
      embedded
      icon={<LinkOffIcon />}
      title={t('unavailable.title')}
      description={t('unavailable.description')}
      actions={
        <Button variant="contained" component={Link} to={paths.chat}>
          {t('unavailable.toChat')}
        </Button>
      }
    />
  );
}
