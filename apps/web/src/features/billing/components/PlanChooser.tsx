import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { BillingPeriod, Plan } from '@themis/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentsAvailable, type PlanState } from '../plan-state';
import { PeriodSwitch } from './PeriodSwitch';
import { PlanCard } from './PlanCard';

export interface PlanChooserProps {
  /** Undefined while they load. */
  plans: Plan[] | undefined;
  period: BillingPeriod;
  onPeriodChange: (period: BillingPeriod) => void;
  stateOf: (plan: Plan) => PlanState;
  onChoose: (plan: Plan) => void;
  /** The way on from the selected plan, shown in its card. */
  renderSelected?: (plan: Plan) => ReactNode;
  /** Narrow places (a dialog) take one card a row. */
  narrow?: boolean;
}

/** The period switch and the plans as cards, each with its button state. */
export function PlanChooser({
  plans,
  period,
  onPeriodChange,
  stateOf,
  onChoose,
  renderSelected,
  narrow = false,
}: PlanChooserProps) {
  const { t } = useTranslation('billing');
  return (
    <Stack spacing={2}>
      {!paymentsAvailable() && (
        <Alert severity="info" data-testid="payments-unavailable">
          {t('errors:codes.payments_unavailable')}
        </Alert>
      )}
      <Box>
        <PeriodSwitch value={period} onChange={onPeriodChange} />
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: narrow ? '1fr' : 'repeat(auto-fit, minmax(15rem, 1fr))',
          },
        }}
      >
        {plans === undefined
          ? [0, 1, 2].map((index) => (
              <Skeleton key={index} variant="rounded" height="20rem" aria-hidden />
            ))
          : plans.map((plan) => (
              <PlanCard
                key={plan.pk}
                plan={plan}
                period={period}
                state={stateOf(plan)}
                onChoose={() => onChoose(plan)}
              >
                {renderSelected?.(plan)}
              </PlanCard>
            ))}
      </Box>
    </Stack>
  );
}
