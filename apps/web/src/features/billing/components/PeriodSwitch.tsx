import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { BILLING_PERIODS, type BillingPeriod } from '@themis/shared';
import { useTranslation } from 'react-i18next';

export interface PeriodSwitchProps {
  value: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}

/** Monthly or yearly: which price the plan cards show and which period is bought. */
export function PeriodSwitch({ value, onChange }: PeriodSwitchProps) {
  const { t } = useTranslation('billing');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={value}
      // A click on the pressed button gives null: the period stays as it is.
      onChange={(_event, next: BillingPeriod | null) => next && onChange(next)}
      aria-label={t('period.label')}
      data-testid="billing-period"
    >
      {BILLING_PERIODS.map((period) => (
        <ToggleButton
          key={period}
          value={period}
          data-testid={`billing-period-${period}`}
          sx={{ px: 2 }}
        >
          {t(`period.${period}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
