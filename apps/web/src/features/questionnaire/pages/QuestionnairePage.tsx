import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { ReceivedInvitation } from '@themis/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../../app/paths';
import { CardPage } from '../../../components/CardPage';
import { FormError } from '../../../components/form/FormError';
import { useVerifyQuery } from '../../auth/api';
import { forgetDestination, pendingDestination } from '../../auth';
import { useListReceivedInvitationsQuery } from '../../organizations';
import { useGetMeQuery } from '../../user/api';
import { PersonalDetailsStep } from '../components/PersonalDetailsStep';
import { PlanStep } from '../components/PlanStep';
import { SetPasswordStep } from '../components/SetPasswordStep';
import { invitationAhead, invitationPath } from '../invitation-ahead';

type QuestionnaireStep = 'password' | 'details' | 'plan';
const ALL_STEPS: QuestionnaireStep[] = ['password', 'details', 'plan'];

/** Where the questionnaire ends: a chosen payment, else the invitation or link kept, else the chat. */
function useFinish() {
  const navigate = useNavigate();
  return (next?: string) => {
    const destination = next ?? pendingDestination() ?? paths.chat;
    forgetDestination();
    void navigate(destination, { replace: true });
  };
}

/** /questionnaire: onboarding after activation, behind the session guard. */
export function QuestionnairePage() {
  const { t } = useTranslation('questionnaire');
  const { data: session } = useVerifyQuery();
  // Decided on arrival only: saving the details sets the flag while the plan step is ahead.
  const [alreadyDone] = useState(() => session?.has_personal_info_set === true);
  const me = useGetMeQuery();
  const received = useListReceivedInvitationsQuery();
  const finish = useFinish();
  const [step, setStep] = useState<QuestionnaireStep>();
  // Decided on arrival: an account created through Google starts by setting a password; an
  // invited one has no plan to choose (the organization's plan applies) and goes on to the
  // invitation instead.
  const [steps, setSteps] = useState<QuestionnaireStep[]>();
  const [invitation, setInvitation] = useState<ReceivedInvitation>();
  if (me.data && !received.isLoading && !steps) {
    const ahead = invitationAhead(received.data, pendingDestination());
    const { has_password: hasPassword } = me.data;
    const first = ALL_STEPS.filter(
      (id) => !(id === 'password' && hasPassword) && !(id === 'plan' && ahead),
    );
    setInvitation(ahead);
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
      {invitation && (
        <Alert severity="info" data-testid="questionnaire-invitation">
          {t(invitation.invited_by ? 'invitation.byInviter' : 'invitation.withoutInviter', {
            inviter: invitation.invited_by,
            organization: invitation.organization.name,
            role: t(`organizations:roles.${invitation.role}`),
          })}
        </Alert>
      )}
      {(me.isLoading || received.isLoading) && (
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
        <PersonalDetailsStep
          user={me.data}
          onSaved={() => (invitation ? finish(invitationPath(invitation)) : setStep('plan'))}
        />
      )}
      {me.data && step === 'plan' && <PlanStep user={me.data} onFinish={finish} />}
    </CardPage>
  );
}
