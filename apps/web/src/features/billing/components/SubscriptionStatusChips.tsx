import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { Subscription } from '@themis/shared';
import { useTranslation } from 'react-i18next';

/** Active or overdue, cancelled, granted by support: what the subscription is at a glance. */
export function SubscriptionStatusChips({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const overdue = subscription.status === 'past_due';
  // A cancelled plan is still in force until its end, which the text beside says: one chip.
  const cancelled = subscription.cancel_at_period_end;
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
      {(!cancelled || overdue) && (
        <Chip
          size="small"
          variant="outlined"
          color={overdue ? 'warning' : 'success'}
          label={t(`subscription.status.${subscription.status}`)}
          data-testid="subscription-status"
        />
      )}
      {cancelled && (
        <Chip
          size="small"
          variant="outlined"
          label={t('subscription.status.cancelled')}
          data-testid="subscription-cancelled"
        />
      )}
      {subscription.source === 'manual' && (
        <Chip
          size="small"
          variant="outlined"
          color="info"
          label={t('subscription.status.manual')}
          data-testid="subscription-manual"
        />
      )}
    </Stack>
  );
}
