import {
  isErrorCode,
  type BillingDetailsFields,
  type PaymentCard,
  type PaymentOutcome,
  type PaymentProvider,
  type Quote,
  type SandboxCardFields,
} from '@themis/shared';
import { useState } from 'react';
import {
  useChangeSubscriptionMutation,
  useConfirmPaymentMutation,
  useCreateCardMutation,
  useCreateSetupIntentMutation,
  useSaveBillingDetailsMutation,
  useSubscribeMutation,
  type BillingAccount,
} from './api';
import type { StripeFailure, StripeHandle } from './stripe-handle';

/** The card a new subscription is charged to. */
export type CardToCharge =
  | { kind: 'saved'; pk: string }
  | { kind: 'sandbox'; fields: SandboxCardFields }
  | { kind: 'stripe' };

export interface PaymentRequest {
  details: BillingDetailsFields;
  /** Null for a change of plan charged later, which the subscription's own card pays. */
  card: CardToCharge | null;
}

/** Why the payment did not go through: a failed call, or Stripe's own message. */
export interface PaymentFailure {
  error?: unknown;
  message?: string;
}

/** Stripe refused in the browser: a known card code reads like the server's 402. */
class StripeRefusal extends Error {
  constructor(readonly failure: StripeFailure) {
    super(failure.message ?? 'stripe refused');
  }
}

function failureOf(thrown: unknown): PaymentFailure {
  if (!(thrown instanceof StripeRefusal)) return { error: thrown };
  const { code, message } = thrown.failure;
  if (isErrorCode(code)) return { error: { status: 402, data: { detail: code } } };
  return message ? { message } : { error: thrown };
}

export interface PaymentFlowOptions {
  quote: Quote;
  organizationPk: BillingAccount;
  provider: PaymentProvider;
  stripe: StripeHandle | null;
  /** A new card was saved: paying again uses it rather than saving it twice. */
  onCardSaved: (card: PaymentCard) => void;
  /** The plan is paid for (or the change scheduled). */
  onDone: (outcome: PaymentOutcome) => void;
}

/**
 * Paying (spec §2 payment): the billing details are saved, a new card is saved, then the
 * plan is subscribed to or changed; when the bank asks, the payer authenticates (the
 * sandbox's dialog, or Stripe's 3-D Secure) and the server confirms the outcome.
 */
export function usePaymentFlow({
  quote,
  organizationPk,
  provider,
  stripe,
  onCardSaved,
  onDone,
}: PaymentFlowOptions) {
  const [saveDetails] = useSaveBillingDetailsMutation();
  const [createCard] = useCreateCardMutation();
  const [createSetupIntent] = useCreateSetupIntentMutation();
  const [subscribe] = useSubscribeMutation();
  const [change] = useChangeSubscriptionMutation();
  const [confirm] = useConfirmPaymentMutation();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure>();
  // The payment waiting for the sandbox's authentication, and the choice being sent.
  const [authenticating, setAuthenticating] = useState<string>();
  const [authChoice, setAuthChoice] = useState<'complete' | 'fail'>();

  async function saveCard(card: CardToCharge): Promise<string> {
    if (card.kind === 'saved') return card.pk;
    let saved: PaymentCard;
    if (card.kind === 'sandbox') {
      saved = await createCard({
        provider: 'sandbox',
        card: card.fields,
        organization_pk: organizationPk,
      }).unwrap();
    } else {
      if (!stripe) throw new Error('Stripe.js is not ready');
      const { client_secret } = await createSetupIntent(organizationPk).unwrap();
      const setup = await stripe.confirmSetup(client_secret);
      if ('error' in setup) throw new StripeRefusal(setup.error);
      saved = await createCard({
        provider: 'stripe',
        payment_method_id: setup.paymentMethodId,
        organization_pk: organizationPk,
      }).unwrap();
    }
    onCardSaved(saved);
    return saved.pk;
  }

  /** Finishes an outcome: done, or the bank's authentication first. */
  async function settle(outcome: PaymentOutcome): Promise<void> {
    if (outcome.status !== 'requires_action') {
      onDone(outcome);
      return;
    }
    const paymentPk = outcome.payment_pk;
    if (!paymentPk) throw new Error('The payment to authenticate has no id');
    if (provider === 'sandbox') {
      setAuthenticating(paymentPk);
      return;
    }
    if (!stripe || !outcome.client_secret) throw new Error('Stripe cannot authenticate this');
    const authenticated = await stripe.confirmPayment(outcome.client_secret);
    // The server asks Stripe for the outcome either way, and records a failure too.
    const confirmed = await confirm({ paymentPk }).unwrap();
    if (confirmed.status === 'requires_action') {
      throw new StripeRefusal(authenticated.error ?? { code: 'authentication_failed' });
    }
    onDone(confirmed);
  }

  /** A new subscription charged to the card, or a change (to the card, if one is chosen). */
  async function start(card: CardToCharge | null): Promise<PaymentOutcome> {
    const target = {
      plan_pk: quote.plan.pk,
      period: quote.period,
      organization_pk: organizationPk,
    };
    if (quote.kind !== 'subscribe') {
      return change({ ...target, card_pk: card ? await saveCard(card) : undefined }).unwrap();
    }
    if (!card) throw new Error('A new subscription needs a card');
    return subscribe({ ...target, card_pk: await saveCard(card) }).unwrap();
  }

  async function pay({ details, card }: PaymentRequest) {
    setFailure(undefined);
    setPaying(true);
    try {
      await saveDetails({ ...details, organization_pk: organizationPk }).unwrap();
      await settle(await start(card));
    } catch (thrown) {
      setFailure(failureOf(thrown));
    } finally {
      setPaying(false);
    }
  }

  /** The sandbox's authentication step, completed or failed by the payer. */
  async function authenticate(choice: 'complete' | 'fail') {
    if (!authenticating) return;
    setAuthChoice(choice);
    try {
      const outcome = await confirm({ paymentPk: authenticating, sandbox: choice }).unwrap();
      setAuthenticating(undefined);
      await settle(outcome);
    } catch (thrown) {
      setAuthenticating(undefined);
      setFailure(failureOf(thrown));
    } finally {
      setAuthChoice(undefined);
    }
  }

  return {
    pay,
    paying,
    failure,
    authenticating: authenticating !== undefined,
    authChoice,
    authenticate,
  };
}
