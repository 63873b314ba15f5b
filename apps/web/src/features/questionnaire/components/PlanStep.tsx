import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Plan, UserResponse } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { FormError } from '../../../components/form/FormError';
import { useChoosePlanMutation, useListPlansQuery } from '../../user/api';
import { PlanCard, type PlanState } from './PlanCard';

interface Choice {
  plan: Plan;
  paymentRequired: boolean;
}

/** The individual plans; paid plans cannot be paid for yet, so the account stays on Free. */
export function PlanStep({ user }: { user: UserResponse }) {
  const { t } = useTranslation('questionnaire');
  const navigate = useNavigate();
  const plans = useListPlansQuery();
  const [choosePlan] = useChoosePlanMutation();
  const [choosing, setChoosing] = useState<string>();
  const [choice, setChoice] = useState<Choice>();
  const [error, setError] = useState<unknown>();

  async function choose(plan: Plan) {
    setError(undefined);
    setChoosing(plan.pk);
    try {
      const result = await choosePlan({ plan_pk: plan.pk }).unwrap();
      setChoice({ plan, paymentRequired: result.payment_required });
    } catch (failure) {
      setError(failure);
    } finally {
      setChoosing(undefined);
    }
  }

  const stateOf = (plan: Plan): PlanState => {
    if (plan.pk === user.customer.plan.pk) return 'current';
    return choice?.plan.pk === plan.pk ? 'selected' : 'available';
  };
  const individual = plans.data?.filter((plan) => plan.scope === 'individual') ?? [];
  const freePlanName = individual.find((plan) => plan.is_free)?.product_name ?? t('plans.free');

  return (
    <Stack spacing={2} data-testid="questionnaire-plans">
      <div>
        <Typography component="h2" variant="h6">
          {t('plans.heading')}
        </Typography>
        <Typography color="text.secondary">{t('plans.description')}</Typography>
      </div>
      {error !== undefined && <FormError error={error} />}
      {plans.isError && <FormError error={plans.error} />}
      {choice && (
        <Alert severity={choice.paymentRequired ? 'info' : 'success'} role="status">
          {t(choice.paymentRequired ? 'plans.paymentSoon' : 'plans.chosen', {
            plan: choice.plan.product_name,
            free: freePlanName,
          })}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(14rem, 1fr))' },
        }}
      >
        {plans.isLoading
          ? [0, 1, 2].map((index) => (
              <Skeleton key={index} variant="rounded" height="16rem" aria-hidden />
            ))
          : individual.map((plan) => (
              <PlanCard
                key={plan.pk}
                plan={plan}
                state={stateOf(plan)}
                choosing={choosing === plan.pk}
                onChoose={() => void choose(plan)}
              />
            ))}
      </Box>
      <Button
        variant="contained"
        size="large"
        data-testid="questionnaire-finish"
        onClick={() => navigate(paths.chat, { replace: true })}
        sx={{ alignSelf: { sm: 'flex-end' } }}
      >
        {t('plans.finish')}
      </Button>
    </Stack>
  );
}
