import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DEFAULT_DATE_FORMAT, type Subscription } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../app/dates';
import { useLanguage } from '../../../app/use-language';
import { cardBrand } from '../billing-format';
import { PriceBreakdown } from './PriceBreakdown';
import { usePlanName } from '../plan-name';

/** The subscription's facts (spec §3): plan, amount, period, first payment, renewal, card. */
export function SubscriptionDetails({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const { language } = useLanguage();
  const date = (value: string) => formatDate(value, DEFAULT_DATE_FORMAT, { language });
  const end = subscription.current_period_end;
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'plan', label: t('subscription.plan'), value: planName(subscription.plan) },
    {
      key: 'amount',
      label: t(`subscription.amount.${subscription.period}`),
      value: (
        <PriceBreakdown
          price={subscription.amount}
          currency={subscription.currency}
          vatRatePercent={subscription.plan.vat_rate_percent}
          testId="subscription-amount"
        />
      ),
    },
    { key: 'period', label: t('period.label'), value: t(`period.${subscription.period}`) },
    { key: 'started', label: t('subscription.startedAt'), value: date(subscription.started_at) },
    {
      key: 'renewal',
      label: t(
        subscription.cancel_at_period_end ? 'subscription.activeUntil' : 'subscription.renewsAt',
      ),
      value: end ? date(end) : t('subscription.noEnd'),
    },
  ];
  if (subscription.source === 'paid') {
    rows.push({
      key: 'card',
      // A cancelled subscription renews with nothing: the card is only the one it was paid with.
      label: t(subscription.cancel_at_period_end ? 'subscription.paidWith' : 'subscription.card'),
      value: subscription.card
        ? t('card', {
            brand: cardBrand(subscription.card.brand),
            last4: subscription.card.last4,
          })
        : t('subscription.noCard'),
    });
  }

  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(9rem, auto) 1fr' },
        columnGap: 3,
        rowGap: { xs: 0.5, sm: 1.5 },
      }}
    >
      {rows.map(({ key, label, value }) => (
        <Box key={key} sx={{ display: 'contents' }} data-testid={`subscription-${key}`}>
          <Typography component="dt" color="text.secondary" sx={{ pt: { xs: 1, sm: 0 } }}>
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, maxWidth: key === 'amount' ? '18rem' : undefined }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
