import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBillingAccountQuery,
  ZBillingDetails,
  ZBillingDetailsRequest,
  ZBillingDetailsResponse,
  ZBillingOverview,
  ZCancelRequest,
  ZCardCreateRequest,
  ZErrorResponse,
  ZInvoiceQuery,
  ZOkResponse,
  ZPaymentCard,
  ZPaymentCardList,
  ZPaymentConfirmRequest,
  ZPaymentOutcome,
  ZQuote,
  ZQuoteQuery,
  ZReceiptList,
  ZSetupIntentResponse,
  ZSubscribeRequest,
  ZSubscriptionChangeRequest,
} from '@themis/shared';
import type { AppContext } from '../../app-context';
import { requireActor } from '../auth';
import {
  createPaymentCard,
  createSetupIntent,
  getBillingDetails,
  listPaymentCards,
  removePaymentCard,
  saveBillingDetails,
} from './billing-account.service';
import { billingOverview, quotePlan } from './billing-overview.service';
import { downloadInvoice, listReceiptsOf } from './receipts.service';
import { cancelSubscription, resumeSubscription } from './subscription-cancel.service';
import { changeSubscription, confirmPayment, subscribe } from './subscriptions.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const paymentErrors = { ...errors, 402: ZErrorResponse };

const ZPdfBytes = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

/**
 * Billing of the signed-in user's own account, or (with `organization_pk`) of an
 * organization its owners and admins pay for.
 */
export function billingRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['billing'];

    r.get(
      '/billing/subscription',
      {
        schema: {
          tags,
          summary: 'The plan in force and its subscription',
          querystring: ZBillingAccountQuery,
          response: { 200: ZBillingOverview, ...errors },
        },
      },
      async (request) =>
        billingOverview({
          ctx,
          actor: requireActor(request),
          organizationId: request.query.organization_pk,
        }),
    );

    r.get(
      '/billing/quote',
      {
        schema: {
          tags,
          summary: 'What choosing a plan would charge now and at renewals',
          querystring: ZQuoteQuery,
          response: { 200: ZQuote, ...errors },
        },
      },
      async (request) =>
        quotePlan({
          ctx,
          actor: requireActor(request),
          organizationId: request.query.organization_pk,
          planId: request.query.plan_pk,
          period: request.query.period,
        }),
    );

    r.get(
      '/billing/details',
      {
        schema: {
          tags,
          summary: 'Billing details (null until saved)',
          querystring: ZBillingAccountQuery,
          response: { 200: ZBillingDetailsResponse, ...errors },
        },
      },
      async (request) =>
        getBillingDetails({
          ctx,
          actor: requireActor(request),
          organizationId: request.query.organization_pk,
        }),
    );

    r.put(
      '/billing/details',
      {
        schema: {
          tags,
          summary: 'Save billing details',
          description: 'NIP is checked by its checksum; a zip code in Poland is 00-000.',
          body: ZBillingDetailsRequest,
          response: { 200: z.object({ details: ZBillingDetails }), ...errors },
        },
      },
      async (request) =>
        saveBillingDetails({ ctx, actor: requireActor(request), request: request.body }),
    );

    r.get(
      '/billing/card/list',
      {
        schema: {
          tags,
          summary: 'Saved cards, newest first',
          querystring: ZBillingAccountQuery,
          response: { 200: ZPaymentCardList, ...errors },
        },
      },
      async (request) =>
        listPaymentCards({
          ctx,
          actor: requireActor(request),
          organizationId: request.query.organization_pk,
        }),
    );

    r.post(
      '/billing/card/create',
      {
        schema: {
          tags,
          summary: 'Save a card; it becomes the one renewals charge',
          description:
            'The offline sandbox takes Stripe test card numbers; Stripe takes a payment ' +
            'method confirmed with a SetupIntent. A refused card answers 402 with its code.',
          body: ZCardCreateRequest,
          response: { 201: ZPaymentCard, ...paymentErrors },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await createPaymentCard({ ctx, actor: requireActor(request), request: request.body }),
          ),
    );

    r.post(
      '/billing/card/setup-intent',
      {
        schema: {
          tags,
          summary: 'A SetupIntent for Stripe Elements (Stripe only)',
          body: ZBillingAccountQuery,
          response: { 200: ZSetupIntentResponse, ...errors },
        },
      },
      async (request) =>
        createSetupIntent({
          ctx,
          actor: requireActor(request),
          organizationId: request.body.organization_pk,
        }),
    );

    r.delete(
      '/billing/card/delete/:card_pk',
      {
        schema: {
          tags,
          summary: 'Remove a saved card',
          params: z.object({ card_pk: z.uuid() }),
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await removePaymentCard({
          ctx,
          actor: requireActor(request),
          cardId: request.params.card_pk,
        });
        return { status: 'ok' as const };
      },
    );

    r.post(
      '/billing/subscribe',
      {
        schema: {
          tags,
          summary: 'Buy a paid plan, charged now',
          body: ZSubscribeRequest,
          response: { 200: ZPaymentOutcome, ...paymentErrors },
        },
      },
      async (request) => subscribe({ ctx, actor: requireActor(request), request: request.body }),
    );

    r.post(
      '/billing/subscription/change',
      {
        schema: {
          tags,
          summary: 'Upgrade now (prorated) or downgrade at the period end',
          body: ZSubscriptionChangeRequest,
          response: { 200: ZPaymentOutcome, ...paymentErrors },
        },
      },
      async (request) =>
        changeSubscription({ ctx, actor: requireActor(request), request: request.body }),
    );

    r.post(
      '/billing/payment/confirm/:payment_pk',
      {
        schema: {
          tags,
          summary: "A payment after the bank's authentication step",
          params: z.object({ payment_pk: z.uuid() }),
          body: ZPaymentConfirmRequest,
          response: { 200: ZPaymentOutcome, ...paymentErrors },
        },
      },
      async (request) =>
        confirmPayment({
          ctx,
          actor: requireActor(request),
          paymentId: request.params.payment_pk,
          sandboxAuthentication: request.body.sandbox_authentication,
        }),
    );

    r.post(
      '/billing/subscription/cancel',
      {
        schema: {
          tags,
          summary: 'Cancel: active until the period end, then the free plan',
          body: ZCancelRequest,
          response: { 200: ZBillingOverview, ...errors },
        },
      },
      async (request) =>
        cancelSubscription({
          ctx,
          actor: requireActor(request),
          organizationId: request.body.organization_pk,
          reason: request.body.reason,
          comment: request.body.comment,
        }),
    );

    r.post(
      '/billing/subscription/resume',
      {
        schema: {
          tags,
          summary: 'Withdraw a cancellation',
          body: ZBillingAccountQuery,
          response: { 200: ZBillingOverview, ...errors },
        },
      },
      async (request) =>
        resumeSubscription({
          ctx,
          actor: requireActor(request),
          organizationId: request.body.organization_pk,
        }),
    );

    r.get(
      '/billing/receipt/list',
      {
        schema: {
          tags,
          summary: 'Receipts, newest first',
          querystring: ZBillingAccountQuery,
          response: { 200: ZReceiptList, ...errors },
        },
      },
      async (request) =>
        listReceiptsOf({
          ctx,
          actor: requireActor(request),
          organizationId: request.query.organization_pk,
        }),
    );

    r.get(
      '/billing/receipt/download/:receipt_pk',
      {
        schema: {
          tags,
          summary: 'A paid payment’s invoice (PDF), in Polish or English',
          params: z.object({ receipt_pk: z.uuid() }),
          querystring: ZInvoiceQuery,
          response: {
            200: {
              description: 'The invoice',
              content: { 'application/pdf': { schema: ZPdfBytes } },
            },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const invoice = await downloadInvoice({
          ctx,
          actor: requireActor(request),
          paymentId: request.params.receipt_pk,
          language: request.query.lang,
        });
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${invoice.fileName}"`)
          .header('cache-control', 'private, no-store')
          .send(invoice.pdf);
      },
    );
  };
}
