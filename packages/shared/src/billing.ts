import { z } from 'zod';
import {
  BILLING_PERIODS,
  CANCEL_COMMENT_MAX,
  CANCEL_REASONS,
  ZBillingDetailsFields,
  ZPrice,
} from './billing-rules';
import { LANGUAGES } from './constants';
import { ZPlan } from './user';
import { tooLong } from './validation';

const ZIsoDate = z.iso.datetime({ offset: true });

/**
 * Whose billing a call is about: absent or null, the signed-in user's own; an organization's
 * pk, that organization's (its owners and admins only).
 */
const ZBillingAccount = { organization_pk: z.uuid().nullish() };
/** Query strings carry no meta id: the OpenAPI document spreads them into parameters. */
export const ZBillingAccountQuery = z.object(ZBillingAccount);

export const ZBillingDetailsRequest = ZBillingDetailsFields.and(z.object(ZBillingAccount)).meta({
  id: 'BillingDetailsRequest',
});
export type BillingDetailsRequest = z.input<typeof ZBillingDetailsRequest>;

export const ZBillingDetails = z
  .object({
    country: z.string(),
    city: z.string(),
    zip_code: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    company_name: z.string(),
    nip: z.string(),
  })
  .meta({ id: 'BillingDetails' });
export type BillingDetails = z.infer<typeof ZBillingDetails>;
/** GET /billing/details: null until they are first saved. */
export const ZBillingDetailsResponse = z
  .object({ details: ZBillingDetails.nullable() })
  .meta({ id: 'BillingDetailsResponse' });

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;
/** What a server takes payments with; 'off': nothing, and paid plans cannot be bought. */
export const PAYMENT_MODES = ['stripe', 'sandbox', 'off'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** A saved card (spec §3 Payment card): never its number, only the last four digits. */
export const ZPaymentCard = z
  .object({
    pk: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    is_default: z.boolean(),
    created_at: ZIsoDate,
  })
  .meta({ id: 'PaymentCard' });
export type PaymentCard = z.infer<typeof ZPaymentCard>;
export const ZPaymentCardList = z.array(ZPaymentCard).meta({ id: 'PaymentCardList' });

/**
 * POST /billing/card/create. The sandbox takes the card's fields (test cards only, never
 * stored); Stripe takes the payment method its Elements confirmed with a SetupIntent.
 */
export const ZSandboxCardFields = z.object({
  number: z
    .string()
    .max(30, 'validation.cardNumberInvalid')
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((value) => /^\d{12,19}$/.test(value), 'validation.cardNumberInvalid'),
  exp_month: z.coerce
    .number()
    .int()
    .min(1, 'validation.cardExpiryInvalid')
    .max(12, 'validation.cardExpiryInvalid'),
  exp_year: z.coerce
    .number()
    .int()
    .min(2000, 'validation.cardExpiryInvalid')
    .max(2100, 'validation.cardExpiryInvalid'),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, 'validation.cvcInvalid'),
});
export type SandboxCardFields = z.input<typeof ZSandboxCardFields>;

export const ZCardCreateRequest = z
  .discriminatedUnion('provider', [
    z.object({ provider: z.literal('sandbox'), card: ZSandboxCardFields, ...ZBillingAccount }),
    z.object({
      provider: z.literal('stripe'),
      payment_method_id: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/),
      ...ZBillingAccount,
    }),
  ])
  .meta({ id: 'CardCreateRequest' });
export type CardCreateRequest = z.input<typeof ZCardCreateRequest>;

/** POST /billing/card/setup-intent (Stripe only): the secret Elements confirms the card with. */
export const ZSetupIntentResponse = z
  .object({ client_secret: z.string() })
  .meta({ id: 'SetupIntentResponse' });

export const SUBSCRIPTION_STATUSES = ['active', 'past_due'] as const;
export const SUBSCRIPTION_SOURCES = ['paid', 'manual'] as const;

/** Spec §3 Subscription: plan, amount, period, first payment date, renewal date. */
export const ZSubscription = z
  .object({
    pk: z.string(),
    plan: ZPlan,
    period: z.enum(BILLING_PERIODS),
    status: z.enum(SUBSCRIPTION_STATUSES),
    /** 'manual': granted by support (a bank transfer, a courtesy plan); nothing is charged. */
    source: z.enum(SUBSCRIPTION_SOURCES),
    /** What each renewal charges. */
    amount: ZPrice,
    currency: z.string(),
    /** The first payment (or the grant). */
    started_at: ZIsoDate,
    current_period_start: ZIsoDate,
    /** The end of the paid period: the renewal date, or the end date once cancelled. */
    current_period_end: ZIsoDate.nullable(),
    /** Cancelled: stays active until current_period_end, then Free. */
    cancel_at_period_end: z.boolean(),
    cancel_reason: z.enum(CANCEL_REASONS).nullable(),
    /** A downgrade waiting for the period end. */
    pending_change: z
      .object({ plan: ZPlan, period: z.enum(BILLING_PERIODS), amount: ZPrice })
      .nullable(),
    /** The card renewals charge. */
    card: z.object({ pk: z.string(), brand: z.string(), last4: z.string() }).nullable(),
    /** While past due: the next attempt, after which the plan ends when it fails too. */
    next_retry_at: ZIsoDate.nullable(),
  })
  .meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof ZSubscription>;

/** GET /billing/subscription: the plan in force, and the subscription behind it if any. */
export const ZBillingOverview = z
  .object({
    organization_pk: z.string().nullable(),
    plan: ZPlan,
    subscription: ZSubscription.nullable(),
    provider: z.enum(PAYMENT_PROVIDERS),
  })
  .meta({ id: 'BillingOverview' });
export type BillingOverview = z.infer<typeof ZBillingOverview>;

/** POST /billing/subscribe: a paid plan for the account, charged now to the card. */
export const ZSubscribeRequest = z
  .object({
    plan_pk: z.uuid(),
    period: z.enum(BILLING_PERIODS),
    card_pk: z.uuid(),
    ...ZBillingAccount,
  })
  .meta({ id: 'SubscribeRequest' });
export type SubscribeRequest = z.input<typeof ZSubscribeRequest>;

/**
 * POST /billing/subscription/change: an upgrade is charged at once, a downgrade waits. A
 * `card_pk` given pays the upgrade and the renewals after it; otherwise the subscription's.
 */
export const ZSubscriptionChangeRequest = z
  .object({
    plan_pk: z.uuid(),
    period: z.enum(BILLING_PERIODS),
    card_pk: z.uuid().optional(),
    ...ZBillingAccount,
  })
  .meta({ id: 'SubscriptionChangeRequest' });
export type SubscriptionChangeRequest = z.input<typeof ZSubscriptionChangeRequest>;

export const ZCancelRequest = z
  .object({
    reason: z.enum(CANCEL_REASONS),
    comment: z.string().trim().max(CANCEL_COMMENT_MAX, tooLong(CANCEL_COMMENT_MAX)).default(''),
    ...ZBillingAccount,
  })
  .meta({ id: 'CancelRequest' });
export type CancelRequest = z.input<typeof ZCancelRequest>;

/**
 * The outcome of a charge that went through or waits for the bank: `requires_action` asks the
 * browser to authenticate (Stripe: confirm `client_secret`; the sandbox: its own step), then
 * POST /billing/payment/confirm/{payment_pk}. A refused card answers 402 with its code.
 */
export const ZPaymentOutcome = z
  .object({
    status: z.enum(['succeeded', 'requires_action', 'scheduled']),
    payment_pk: z.string().nullable(),
    client_secret: z.string().nullable(),
    overview: ZBillingOverview,
  })
  .meta({ id: 'PaymentOutcome' });
export type PaymentOutcome = z.infer<typeof ZPaymentOutcome>;

/** The sandbox's authentication step: the user completes it or fails it. */
export const ZPaymentConfirmRequest = z
  .object({ sandbox_authentication: z.enum(['complete', 'fail']).optional() })
  .meta({ id: 'PaymentConfirmRequest' });

export const RECEIPT_KINDS = ['subscription', 'renewal', 'upgrade'] as const;

/** A paid charge, listed with its invoice (its `number`), downloaded as a PDF. */
export const ZReceipt = z
  .object({
    pk: z.string(),
    number: z.string(),
    kind: z.enum(RECEIPT_KINDS),
    issued_at: ZIsoDate,
    plan_name: z.string(),
    period: z.enum(BILLING_PERIODS),
    period_start: ZIsoDate,
    period_end: ZIsoDate,
    amount: ZPrice,
    vat_rate_percent: z.number().int(),
    currency: z.string(),
    buyer: ZBillingDetails,
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof ZReceipt>;
export const ZReceiptList = z.array(ZReceipt).meta({ id: 'ReceiptList' });

/** GET /billing/receipt/download/{receipt_pk}?lang=: the invoice in Polish or English. */
export const ZInvoiceQuery = z.object({ lang: z.enum(LANGUAGES).optional() });
export type InvoiceQuery = z.infer<typeof ZInvoiceQuery>;

export const QUOTE_KINDS = ['subscribe', 'upgrade', 'downgrade', 'unchanged'] as const;

/**
 * GET /billing/quote?plan_pk=&period=&organization_pk=: what choosing a plan would do, for the
 * payment page's summary. An upgrade is charged now (the new price less what is left of the
 * paid period) and starts a new period; a downgrade starts at the period end, charged then.
 */
export const ZQuoteQuery = z.object({
  plan_pk: z.uuid(),
  period: z.enum(BILLING_PERIODS),
  ...ZBillingAccount,
});
export const ZQuote = z
  .object({
    kind: z.enum(QUOTE_KINDS),
    plan: ZPlan,
    period: z.enum(BILLING_PERIODS),
    /** Charged when the user pays now (zero for a downgrade). */
    charge_now: ZPrice,
    /** Charged at each renewal afterwards. */
    renewal_amount: ZPrice,
    /** When the plan takes effect. */
    effective_at: ZIsoDate,
    /** The end of the period paid now (the first renewal date). */
    period_end: ZIsoDate,
  })
  .meta({ id: 'Quote' });
export type Quote = z.infer<typeof ZQuote>;
