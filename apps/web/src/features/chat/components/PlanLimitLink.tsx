import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { useCurrentOrganization } from '../../organizations';

/**
 * Where a higher plan is bought, after the monthly-limit notice: the user's own plans, or the
 * organization's billing for those who manage it; members of an organization get no link.
 */
export function PlanLimitLink() {
  const { t } = useTranslation('chat');
  const organization = useCurrentOrganization();
  if (organization === undefined) return null;
  const managesBilling = organization?.setting_visibility.settings_panel_visible === true;
  if (organization && !managesBilling) return null;
  return (
    <>
      {' '}
      <Link
        component={RouterLink}
        to={organization ? paths.organizationBilling : paths.billingPlans}
        color="inherit"
        sx={{ fontWeight: 600 }}
        data-testid="chat-limit-link"
      >
        {t(organization ? 'limit.organizationBilling' : 'limit.plans')}
      </Link>
    </>
  );
}
