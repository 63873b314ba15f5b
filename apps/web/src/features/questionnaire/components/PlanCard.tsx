import CheckIcon from '@mui/icons-material/Check';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Plan } from '@themis/shared';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../app/use-language';
import { formatPrice, formatTokens } from '../plan-format';

/** The plan button states of the spec: current, selected (awaiting payment), available. */
export type PlanState = 'current' | 'selected' | 'available';

export interface PlanCardProps {
  plan: Plan;
  state: PlanState;
  choosing: boolean;
  onChoose: () => void;
}

export function PlanCard({ plan, state, choosing, onChoose }: PlanCardProps) {
  const { t } = useTranslation('questionnaire');
  const { language } = useLanguage();
  const price = (cents: number) => formatPrice(cents, plan.currency, language);
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
        borderColor: state === 'available' ? 'divider' : 'primary.main',
        borderWidth: state === 'available' ? 1 : 2,
      }}
    >
      <Typography component="h3" variant="h6">
        {plan.product_name}
      </Typography>
      {plan.is_free ? (
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
          {t('plans.free')}
        </Typography>
      ) : (
        <div>
          <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
            {t('plans.monthly', { price: price(plan.price_monthly_cents) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('plans.yearly', { price: price(plan.price_yearly_cents) })}
          </Typography>
        </div>
      )}
      <Typography variant="body2">
        {t('plans.tokens', { tokens: formatTokens(plan.monthly_token_limit, language) })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <LockOutlinedIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
        <Typography variant="body2" sx={{ flexGrow: 1 }}>
          {t(plan.has_encryption ? 'plans.encryptionYes' : 'plans.encryptionNo')}
        </Typography>
        <EncryptionIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary' }} />
      </Stack>
      <Button
        variant={state === 'available' ? 'outlined' : 'contained'}
        disabled={state !== 'available'}
        loading={choosing}
        onClick={onChoose}
        sx={{ mt: 'auto' }}
      >
        {state === 'available'
          ? t('plans.choose', { plan: plan.product_name })
          : t(`plans.${state}`)}
      </Button>
    </Paper>
  );
}
