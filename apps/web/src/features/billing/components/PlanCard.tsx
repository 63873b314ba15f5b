import CheckIcon from '@mui/icons-material/Check';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingPeriod, Plan } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/use-language';
import { formatMoney, formatTokens } from '../billing-format';
import type { PlanState } from '../plan-state';
import { PriceBreakdown } from './PriceBreakdown';
import { usePlanName } from '../plan-name';

export interface PlanCardProps {
  plan: Plan;
  period: BillingPeriod;
  state: PlanState;
  onChoose: () => void;
  /** Shown under the selected plan's button: the way on (continue to payment, …). */
  children?: ReactNode;
}

/** One plan: its price for the period (net, VAT, gross), limit, encryption and button. */
export function PlanCard({ plan, period, state, onChoose, children }: PlanCardProps) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const { language } = useLanguage();
  const price = plan.prices[period];
  const EncryptionIcon = plan.has_encryption ? CheckIcon : RemoveIcon;

  return (
    <Paper
      variant="outlined"
      data-testid={`plan-card-${plan.code}`}
      data-state={state}
      sx={{
        p: 2.5,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        borderColor: state === 'current' || state === 'selected' ? 'primary.main' : 'divider',
        borderWidth: state === 'current' || state === 'selected' ? 2 : 1,
      }}
    >
      <Typography component="h3" variant="h6">
        {planName(plan)}
      </Typography>
      {/* The name already says free: the price says how much, 0 zł. */}
      {plan.is_free ? (
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {t(`price.per.${period}`, { price: formatMoney(0, plan.currency, language) })}
        </Typography>
      ) : (
        <Stack spacing={1}>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {t(`price.per.${period}`, { price: formatMoney(price.gross, plan.currency, language) })}
          </Typography>
          <PriceBreakdown
            price={price}
            currency={plan.currency}
            vatRatePercent={plan.vat_rate_percent}
            testId={`plan-price-${plan.code}`}
          />
        </Stack>
      )}
      <Typography variant="body2">
        {t('plans.tokens', { tokens: formatTokens(plan.monthly_token_limit, language) })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <LockOutlinedIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {plan.has_encryption
            ? t(plan.scope === 'organization' ? 'plans.encryptionFirm' : 'plans.encryptionYes')
            : t('plans.encryptionNo')}
        </Typography>
        <EncryptionIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
      </Stack>
      <Stack spacing={1} sx={{ mt: 'auto' }}>
        <Button
          variant={state === 'available' || state === 'unavailable' ? 'outlined' : 'contained'}
          disabled={state !== 'available'}
          onClick={onChoose}
          data-testid={`plan-button-${plan.code}`}
        >
          {state === 'available'
            ? t('plans.choose', { plan: planName(plan) })
            : t(`plans.${state}`)}
        </Button>
        {state === 'selected' && children}
      </Stack>
    </Paper>
  );
}
