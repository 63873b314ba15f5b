import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_DATE_FORMAT,
  ZBillingDetailsFields,
  ZSandboxCardFields,
  type BillingDetailsFields as Details,
  type BillingOverview,
  type PaymentCard,
  type PaymentOutcome,
  type PaymentProvider,
  type Quote,
} from '@themis/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../../../app/dates';
import { runtimeConfig } from '../../../../app/runtime-config';
import { useToast } from '../../../../app/toast';
import { useLanguage } from '../../../../app/use-language';
import { FormError } from '../../../../components/form/FormError';
import type { BillingAccount } from '../../api';
import { cardBrand, formatMoney } from '../../billing-format';
import type { StripeHandle } from '../../stripe-handle';
import { usePaymentFlow } from '../../use-payment-flow';
import { BankAuthDialog } from './BankAuthDialog';
import { BillingDetailsFields } from './BillingDetailsFields';
import { CardChooser, NEW_CARD } from './CardChooser';
import { PaymentSummary } from './PaymentSummary';
import { SandboxCardFields } from './SandboxCardFields';
import { usePlanName } from '../../plan-name';

// Stripe.js and its React bindings load only when Stripe is configured, on this page.
const StripeElements = lazy(async () => ({
  default: (await import('./StripeElements')).StripeElements,
}));
const StripeCardInput = lazy(async () => ({
  default: (await import('./StripeElements')).StripeCardInput,
}));

const EMPTY_CARD = { number: '', exp_month: '', exp_year: '', cvc: '' };

export interface PaymentCheckoutProps {
  quote: Quote;
  overview: BillingOverview;
  cards: PaymentCard[];
  initialDetails: Details;
  organizationPk: BillingAccount;
  /** Where the user lands once the plan is paid for. */
  donePath: string;
}

/** The payment form: the card, the billing details, the summary and the pay button. */
export function PaymentCheckout(props: PaymentCheckoutProps) {
  const { t } = useTranslation();
  const publishableKey = runtimeConfig().stripePublishableKey;
  const [stripe, setStripe] = useState<StripeHandle | null>(null);
  if (!publishableKey) return <CheckoutForm {...props} provider="sandbox" stripe={null} />;
  return (
    <Suspense fallback={<CircularProgress aria-label={t('common:loading')} />}>
      <StripeElements publishableKey={publishableKey} onReady={setStripe}>
        <CheckoutForm {...props} provider="stripe" stripe={stripe} />
      </StripeElements>
    </Suspense>
  );
}

interface CheckoutFormProps extends PaymentCheckoutProps {
  provider: PaymentProvider;
  stripe: StripeHandle | null;
}

function CheckoutForm({
  quote,
  overview,
  cards,
  initialDetails,
  organizationPk,
  donePath,
  provider,
  stripe,
}: CheckoutFormProps) {
  const { t } = useTranslation('billing');
  const planName = usePlanName();
  const { language } = useLanguage();
  const toast = useToast();
  const navigate = useNavigate();
  const methodHeadingId = useId();
  const details = useForm({
    resolver: zodResolver(ZBillingDetailsFields),
    mode: 'onChange',
    defaultValues: initialDetails,
  });
  const sandboxCard = useForm({
    resolver: zodResolver(ZSandboxCardFields),
    mode: 'onChange',
    defaultValues: EMPTY_CARD,
  });
  const [choice, setChoice] = useState(
    () =>
      overview.subscription?.card?.pk ??
      (cards.find((card) => card.is_default) ?? cards[0])?.pk ??
      NEW_CARD,
  );
  const [stripeComplete, setStripeComplete] = useState(false);
  const [stripeIncomplete, setStripeIncomplete] = useState(false);
  const chosen = cards.some((card) => card.pk === choice) ? choice : NEW_CARD;
  // A new subscription and an upgrade are charged now: to a card the payer chooses.
  const needsCard = quote.kind === 'subscribe' || quote.kind === 'upgrade';
  const plan = planName(quote.plan);

  function onDone(outcome: PaymentOutcome) {
    const message =
      outcome.status === 'scheduled'
        ? t('payment.scheduled', {
            plan,
            date: formatDate(quote.effective_at, DEFAULT_DATE_FORMAT, { language }),
          })
        : t('payment.paid', { plan });
    void toast.show(message, { variant: 'success' });
    void navigate(donePath, { replace: true });
  }

  const flow = usePaymentFlow({
    quote,
    organizationPk,
    provider,
    stripe,
    onCardSaved: (card) => setChoice(card.pk),
    onDone,
  });

  const payNewSandboxCard = needsCard && chosen === NEW_CARD && provider === 'sandbox';
  const submit = details.handleSubmit(
    async (values) => {
      if (!needsCard) return flow.pay({ details: values, card: null });
      if (chosen !== NEW_CARD)
        return flow.pay({ details: values, card: { kind: 'saved', pk: chosen } });
      if (provider === 'stripe') {
        setStripeIncomplete(!stripeComplete);
        if (stripeComplete) await flow.pay({ details: values, card: { kind: 'stripe' } });
        return;
      }
      await sandboxCard.handleSubmit((fields) =>
        flow.pay({ details: values, card: { kind: 'sandbox', fields } }),
      )();
    },
    // Every mistake at once: the card's fields are checked even when the details fail.
    () => {
      if (payNewSandboxCard) void sandboxCard.trigger();
    },
  );

  function fillTestCard(number: string) {
    const options = { shouldValidate: true, shouldDirty: true };
    sandboxCard.setValue('number', number, options);
    sandboxCard.setValue('exp_month', '12', options);
    sandboxCard.setValue('exp_year', String(new Date().getFullYear() + 2), options);
    sandboxCard.setValue('cvc', '123', options);
  }

  const renewalCard = overview.subscription?.card;
  const renewalCardName = renewalCard
    ? t('card', { brand: cardBrand(renewalCard.brand), last4: renewalCard.last4 })
    : t('payment.subscriptionCard');
  const chargedNow = quote.charge_now.gross > 0;
  const newCardForm =
    provider === 'sandbox' ? (
      <SandboxCardFields control={sandboxCard.control} onUseTestCard={fillTestCard} />
    ) : (
      <Stack spacing={1}>
        <Suspense
          fallback={<CircularProgress size={24} aria-label={t('cardForm.stripeLoading')} />}
        >
          <StripeCardInput
            onComplete={(complete) => {
              setStripeComplete(complete);
              if (complete) setStripeIncomplete(false);
            }}
          />
        </Suspense>
        {stripeIncomplete && <FormError message={t('cardForm.stripeIncomplete')} />}
      </Stack>
    );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      data-testid="payment-form"
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 22rem' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="payment-method">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
            <Typography id={methodHeadingId} component="h2" variant="h6">
              {t('payment.method')}
            </Typography>
            {provider === 'sandbox' && (
              <Chip size="small" color="secondary" variant="outlined" label={t('sandbox.badge')} />
            )}
          </Stack>
          {quote.kind === 'upgrade' && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {t('payment.changeCharged')}
            </Typography>
          )}
          {needsCard ? (
            <CardChooser
              cards={cards}
              value={chosen}
              onChange={setChoice}
              labelledBy={methodHeadingId}
            >
              {newCardForm}
            </CardChooser>
          ) : (
            <Typography data-testid="payment-change-card">
              {t('payment.changeLater', { card: renewalCardName })}
            </Typography>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography component="h2" variant="h6">
            {t('payment.details')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('payment.detailsHint')}
          </Typography>
          <BillingDetailsFields control={details.control} />
        </Paper>
      </Stack>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
        <PaymentSummary quote={quote}>
          {flow.failure && <FormError error={flow.failure.error} message={flow.failure.message} />}
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={flow.paying}
            disabled={flow.authenticating}
            data-testid="payment-pay"
          >
            {chargedNow
              ? t('payment.pay', {
                  amount: formatMoney(quote.charge_now.gross, quote.plan.currency, language),
                })
              : t('payment.confirmChange')}
          </Button>
        </PaymentSummary>
      </Box>
      <BankAuthDialog
        open={flow.authenticating}
        sending={flow.authChoice}
        onChoose={(choice) => void flow.authenticate(choice)}
      />
    </Box>
  );
}
