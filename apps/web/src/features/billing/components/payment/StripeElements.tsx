import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../app/use-language';
import { FormError } from '../../../../components/form/FormError';
import { failureOf, type StripeHandle } from '../../stripe-handle';

// Stripe.js is fetched from Stripe (it may not be bundled) the first time this page needs it.
let loaded: { key: string; stripe: Promise<Stripe | null> } | undefined;
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  if (loaded?.key !== publishableKey) {
    loaded = { key: publishableKey, stripe: loadStripe(publishableKey) };
  }
  return loaded.stripe;
}

/** Gives the payment flow a handle on Stripe once Stripe.js is ready. */
function HandleBridge({ onReady }: { onReady: (handle: StripeHandle | null) => void }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    onReady({
      async confirmSetup(clientSecret) {
        const card = elements.getElement(CardElement);
        if (!card) return { error: {} };
        const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card } });
        if (result.error) return { error: failureOf(result.error) };
        const method = result.setupIntent.payment_method;
        return { paymentMethodId: typeof method === 'string' ? method : (method?.id ?? '') };
      },
      async confirmPayment(clientSecret) {
        const result = await stripe.confirmCardPayment(clientSecret);
        return result.error ? { error: failureOf(result.error) } : {};
      },
    });
    return () => onReady(null);
  }, [stripe, elements, onReady]);
  return null;
}

export interface StripeElementsProps {
  publishableKey: string;
  onReady: (handle: StripeHandle | null) => void;
  children: ReactNode;
}

/** Stripe Elements around the payment form, in the page's language. */
export function StripeElements({ publishableKey, onReady, children }: StripeElementsProps) {
  const { language } = useLanguage();
  const { t } = useTranslation('billing');
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    stripe.then(
      (instance) => current && setFailed(instance === null),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [stripe]);
  return (
    <Elements stripe={stripe} options={{ locale: language }}>
      <HandleBridge onReady={onReady} />
      {failed && <FormError message={t('cardForm.stripeFailed')} />}
      {children}
    </Elements>
  );
}

/** Stripe's own card field (an iframe: the card number never reaches this page). */
export function StripeCardInput({ onComplete }: { onComplete: (complete: boolean) => void }) {
  const { t } = useTranslation('billing');
  const theme = useTheme();
  const labelId = useId();
  const stripe = useStripe();
  return (
    <Box role="group" aria-labelledby={labelId} data-testid="stripe-card">
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t(stripe ? 'cardForm.stripeLabel' : 'cardForm.stripeLoading')}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1.75,
          py: 2,
          '&:focus-within': { outline: `2px solid ${theme.palette.primary.main}` },
        }}
      >
        <CardElement
          onChange={(event) => onComplete(event.complete)}
          options={{
            hidePostalCode: true,
            style: {
              base: {
                color: theme.palette.text.primary,
                fontFamily: theme.typography.fontFamily,
                fontSize: '16px',
                '::placeholder': { color: theme.palette.text.secondary },
              },
              invalid: { color: theme.palette.error.main },
            },
          }}
        />
      </Box>
    </Box>
  );
}
