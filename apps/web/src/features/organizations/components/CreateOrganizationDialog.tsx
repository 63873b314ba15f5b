import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZOrganizationName, type BillingPeriod } from '@themis/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '../../../app/api/error-message';
import { paymentPath } from '../../../app/paths';
import { useFieldErrorText } from '../../../components/form/field-error';
import { ProfilePicturePicker, type PictureValue } from '../../../components/ProfilePicturePicker';
import { PlanChooser } from '../../billing';
import { useCreateOrganizationMutation, useInviteMutation, useListPlansQuery } from '../api';
import { expectContextChange, reloadIntoContext } from '../context';
import { InviteFields, useInviteChoice } from './InviteFields';

const STEPS = ['details', 'invite', 'plan'] as const;

/**
 * The create-organization wizard (spec §2, §4): the name and logo create the organization,
 * whose owner the user becomes; then invitations by e-mail, if any; then the plans, with the
 * way to pay for one beside the close button. The user works in the new organization once
 * the wizard closes (or the payment page opens: a page load, into the new context).
 */
export function CreateOrganizationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('organizations');
  const fieldErrorText = useFieldErrorText();
  const titleId = useId();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [picture, setPicture] = useState<PictureValue>({ kind: 'unchanged' });
  const invitees = useInviteChoice();
  const [created, setCreated] = useState<string>();
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<string>();
  const [createOrganization, creating] = useCreateOrganizationMutation();
  const [invite, inviting] = useInviteMutation();
  const plans = useListPlansQuery(undefined, { skip: step < 2 });
  const organizationPlans = plans.data?.filter((plan) => plan.scope === 'organization');
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const [chosenPlan, setChosenPlan] = useState<string>();

  const nameCheck = ZOrganizationName.safeParse(name);
  const nameError =
    nameTouched && !nameCheck.success ? nameCheck.error.issues[0]?.message : undefined;

  // Once created, the organization is the user's context: closing enters it.
  const close = () => (created ? reloadIntoContext() : onClose());

  async function create() {
    setNameTouched(true);
    if (!nameCheck.success) return;
    setError(undefined);
    const takeBack = expectContextChange();
    const result = await createOrganization({ name: nameCheck.data, picture });
    if ('error' in result) {
      takeBack();
      setError(errorMessageKey(result.error));
      return;
    }
    setCreated(result.data.pk);
    setStep(1);
  }

  async function sendInvitations() {
    if (!created) return;
    const { emails, role } = invitees;
    if (emails.length === 0) {
      setStep(2);
      return;
    }
    setError(undefined);
    const roles = invitees.ownRoles();
    const result = await invite({ organizationPk: created, emails, role, roles });
    if ('error' in result) {
      setError(errorMessageKey(result.error));
      return;
    }
    setSent(result.data.length);
    setStep(2);
  }

  return (
    <Dialog
      open
      onClose={close}
      aria-labelledby={titleId}
      maxWidth={step === 2 ? 'md' : 'sm'}
      fullWidth
    >
      <DialogTitle id={titleId}>{t('create.title')}</DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
          {STEPS.map((id) => (
            <Step key={id}>
              <StepLabel>{t(`create.steps.${id}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t(error)}
          </Alert>
        )}
        {step === 0 && (
          <Stack spacing={2}>
            <ProfilePicturePicker
              subject="logo"
              currentUrl={null}
              value={picture}
              onChange={setPicture}
              disabled={creating.isLoading}
            />
            <TextField
              label={t('create.name')}
              value={name}
              required
              autoFocus
              // Judged once typed in (or sent): leaving it empty on a phone is not an error yet.
              onChange={(event) => {
                setName(event.target.value);
                setNameTouched(true);
              }}
              error={nameError !== undefined}
              helperText={
                nameError ? fieldErrorText({ type: 'validate', message: nameError }) : undefined
              }
              slotProps={{ htmlInput: { 'data-testid': 'organization-name' } }}
            />
          </Stack>
        )}
        {step === 1 && <InviteFields choice={invitees} />}
        {step === 2 && (
          <Stack spacing={2} data-testid="organization-plan-step">
            {sent > 0 && <Alert severity="success">{t('create.sent', { count: sent })}</Alert>}
            <Typography>
              {t('create.planIntro', { name: nameCheck.success ? nameCheck.data : name })}
            </Typography>
            <PlanChooser
              plans={plans.isError ? [] : organizationPlans}
              period={period}
              onPeriodChange={setPeriod}
              stateOf={(plan) => (plan.pk === chosenPlan ? 'selected' : 'available')}
              onChoose={(plan) => setChosenPlan(plan.pk)}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {step === 0 && (
          <>
            <Button onClick={close}>{t('common:cancel')}</Button>
            <Button variant="contained" loading={creating.isLoading} onClick={() => void create()}>
              {t('create.create')}
            </Button>
          </>
        )}
        {step === 1 && (
          <>
            <Button onClick={() => setStep(2)} disabled={inviting.isLoading}>
              {t('create.skip')}
            </Button>
            <Button
              variant="contained"
              loading={inviting.isLoading}
              disabled={invitees.emails.length === 0}
              onClick={() => void sendInvitations()}
            >
              {t('create.send')}
            </Button>
          </>
        )}
        {step === 2 && (
          <>
            <Button variant={chosenPlan ? 'text' : 'contained'} onClick={close}>
              {t('create.close')}
            </Button>
            {chosenPlan && created && (
              <Button
                variant="contained"
                href={paymentPath({ plan: chosenPlan, period, organization: created })}
                data-testid="organization-plan-pay"
              >
                {t('create.toPayment')}
              </Button>
            )}
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
