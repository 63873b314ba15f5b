import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../../app/paths';
import { CardPage } from '../../../components/CardPage';
import { FormError } from '../../../components/form/FormError';
import { useVerifyQuery } from '../../auth/api';
import { useGetMeQuery } from '../../user/api';
import { PersonalDetailsStep } from '../components/PersonalDetailsStep';
import { PlanStep } from '../components/PlanStep';
import { SetPasswordStep } from '../components/SetPasswordStep';

type QuestionnaireStep = 'password' | 'details' | 'plan';
const ALL_STEPS: QuestionnaireStep[] = ['password', 'details', 'plan'];

/** /questionnaire: onboarding after activation, behind the session guard. */
export function QuestionnairePage() {
  const { t } = useTranslation('questionnaire');
  const { data: session } = useVerifyQuery();
  // Decided on arrival only: saving the details sets the flag while the plan step is ahead.
  const [alreadyDone] = useState(() => session?.has_personal_info_set === true);
  const me = useGetMeQuery();
  const [step, setStep] = useState<QuestionnaireStep>();
  // An account created through Google starts by setting a password; decided on arrival.
  const [steps, setSteps] = useState<QuestionnaireStep[]>();
  if (me.data && !steps) {
    const first = me.data.has_password ? ALL_STEPS.slice(1) : ALL_STEPS;
    setSteps(first);
    setStep(first[0]);
  }

  if (alreadyDone) return <Navigate to={paths.chat} replace />;

  return (
    <CardPage testId="questionnaire" width="wide" title={t('title')} description={t('description')}>
      <Stepper activeStep={step ? (steps ?? []).indexOf(step) : 0}>
        {(steps ?? ALL_STEPS.slice(1)).map((id) => (
          <Step key={id}>
            <StepLabel>{t(`steps.${id}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {me.isLoading && (
        <CircularProgress aria-label={t('common:loading')} sx={{ alignSelf: 'center' }} />
      )}
      {me.isError && !me.data && (
        <>
          <FormError error={me.error} />
          <Button variant="outlined" onClick={() => void me.refetch()} loading={me.isFetching}>
            {t('retry')}
          </Button>
        </>
      )}
      {me.data && step === 'password' && <SetPasswordStep onDone={() => setStep('details')} />}
      {me.data && step === 'details' && (
        <PersonalDetailsStep user={me.data} onSaved={() => setStep('plan')} />
      )}
      {me.data && step === 'plan' && <PlanStep user={me.data} />}
    </CardPage>
  );
}
