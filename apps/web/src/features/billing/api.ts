import {
  apiBaseUrl,
  type BillingDetails,
  type BillingDetailsRequest,
  type BillingOverview,
  type BillingPeriod,
  type CancelRequest,
  type CardCreateRequest,
  type InvoiceQuery,
  type Language,
  type PaymentCard,
  type PaymentOutcome,
  type Quote,
  type Receipt,
  type SubscribeRequest,
  type SubscriptionChangeRequest,
} from '@themis/shared';
import { api } from '../../app/api/api';
import { runtimeConfig } from '../../app/runtime-config';

/** Whose billing: null for the signed-in user's own, else an organization's pk. */
export type BillingAccount = string | null;

const segment = (value: string) => encodeURIComponent(value);
const account = (organizationPk: BillingAccount) =>
  organizationPk ? { organization_pk: organizationPk } : {};

/** What a plan that took effect changes elsewhere: the user's plan, the limits, the usage. */
const PLAN_CHANGED = ['Billing', 'BillingCards', 'Me', 'Usage', 'Members'] as const;
const planTags = (outcome: PaymentOutcome | undefined) =>
  outcome && outcome.status !== 'requires_action' ? [...PLAN_CHANGED] : [];

interface QuoteArgs {
  planPk: string;
  period: BillingPeriod;
  organizationPk: BillingAccount;
}

const billingApi = api
  .enhanceEndpoints({ addTagTypes: ['Billing', 'BillingCards', 'BillingDetails', 'Usage'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The plan in force and the subscription behind it, if any. */
      getBillingOverview: build.query<BillingOverview, BillingAccount>({
        query: (organizationPk) => ({
          url: '/billing/subscription',
          params: account(organizationPk),
        }),
        providesTags: ['Billing'],
      }),
      /** What choosing a plan would charge now and at each renewal. */
      getQuote: build.query<Quote, QuoteArgs>({
        query: ({ planPk, period, organizationPk }) => ({
          url: '/billing/quote',
          params: { plan_pk: planPk, period, ...account(organizationPk) },
        }),
        providesTags: ['Billing'],
      }),
      getBillingDetails: build.query<{ details: BillingDetails | null }, BillingAccount>({
        query: (organizationPk) => ({ url: '/billing/details', params: account(organizationPk) }),
        providesTags: ['BillingDetails'],
      }),
      saveBillingDetails: build.mutation<{ details: BillingDetails }, BillingDetailsRequest>({
        query: (body) => ({ url: '/billing/details', method: 'PUT', body }),
        invalidatesTags: ['BillingDetails'],
      }),
      listCards: build.query<PaymentCard[], BillingAccount>({
        query: (organizationPk) => ({ url: '/billing/card/list', params: account(organizationPk) }),
        providesTags: ['BillingCards'],
      }),
      /** 402 with the card's code when the bank refuses it. */
      createCard: build.mutation<PaymentCard, CardCreateRequest>({
        query: (body) => ({ url: '/billing/card/create', method: 'POST', body }),
        invalidatesTags: ['BillingCards'],
      }),
      /** 409 card_in_use for the only card the subscription renews with. */
      deleteCard: build.mutation<unknown, string>({
        query: (cardPk) => ({ url: `/billing/card/delete/${segment(cardPk)}`, method: 'DELETE' }),
        invalidatesTags: ['BillingCards', 'Billing'],
      }),
      /** Stripe only: the secret Elements confirms a new card with. */
      createSetupIntent: build.mutation<{ client_secret: string }, BillingAccount>({
        query: (organizationPk) => ({
          url: '/billing/card/setup-intent',
          method: 'POST',
          body: { organization_pk: organizationPk },
        }),
      }),
      subscribe: build.mutation<PaymentOutcome, SubscribeRequest>({
        query: (body) => ({ url: '/billing/subscribe', method: 'POST', body }),
        invalidatesTags: planTags,
      }),
      /** An upgrade charged now, a downgrade scheduled, or the pending downgrade dropped. */
      changeSubscription: build.mutation<PaymentOutcome, SubscriptionChangeRequest>({
        query: (body) => ({ url: '/billing/subscription/change', method: 'POST', body }),
        invalidatesTags: planTags,
      }),
      /** After the bank's authentication; 402 authentication_failed when it failed. */
      confirmPayment: build.mutation<
        PaymentOutcome,
        { paymentPk: string; sandbox?: 'complete' | 'fail' }
      >({
        query: ({ paymentPk, sandbox }) => ({
          url: `/billing/payment/confirm/${segment(paymentPk)}`,
          method: 'POST',
          body: sandbox ? { sandbox_authentication: sandbox } : {},
        }),
        invalidatesTags: planTags,
      }),
      /** Stays active until the period end. */
      cancelSubscription: build.mutation<BillingOverview, CancelRequest>({
        query: (body) => ({ url: '/billing/subscription/cancel', method: 'POST', body }),
        invalidatesTags: ['Billing'],
      }),
      resumeSubscription: build.mutation<BillingOverview, BillingAccount>({
        query: (organizationPk) => ({
          url: '/billing/subscription/resume',
          method: 'POST',
          body: { organization_pk: organizationPk },
        }),
        invalidatesTags: ['Billing'],
      }),
      /** Newest first. */
      listReceipts: build.query<Receipt[], BillingAccount>({
        query: (organizationPk) => ({
          url: '/billing/receipt/list',
          params: account(organizationPk),
        }),
        providesTags: ['Billing'],
      }),
    }),
  });

/** The payment's invoice, a PDF served as an attachment: a plain link downloads it. */
export function invoiceDownloadUrl(receiptPk: string, language: Language): string {
  const query = new URLSearchParams({ lang: language } satisfies InvoiceQuery);
  return `${apiBaseUrl(runtimeConfig())}/billing/receipt/download/${segment(receiptPk)}?${query}`;
}

export const {
  useGetBillingOverviewQuery,
  useGetQuoteQuery,
  useGetBillingDetailsQuery,
  useSaveBillingDetailsMutation,
  useListCardsQuery,
  useCreateCardMutation,
  useDeleteCardMutation,
  useCreateSetupIntentMutation,
  useSubscribeMutation,
  useChangeSubscriptionMutation,
  useConfirmPaymentMutation,
  useCancelSubscriptionMutation,
  useResumeSubscriptionMutation,
  useListReceiptsQuery,
} = billingApi;

export { useListPlansQuery } from '../user/api';
