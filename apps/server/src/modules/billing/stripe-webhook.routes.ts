import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse, ZOkResponse } from '@themis/shared';
import type { AppContext } from '../../app-context';
import { receiveStripeWebhook } from './stripe-webhooks.service';

const STRIPE_WEBHOOK_ROUTE = '/billing/webhook/stripe';

/**
 * Stripe's webhooks. The signature covers the exact bytes sent, so this plugin keeps its own
 * JSON parser that hands the body over unparsed; the rest of the API parses JSON as usual.
 * Public (Stripe has no session): the signature is its proof.
 */
export function stripeWebhookRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    app.withTypeProvider<ZodTypeProvider>().post(
      STRIPE_WEBHOOK_ROUTE,
      {
        schema: {
          tags: ['billing'],
          summary: "Stripe's events: renewals, failed payments, subscriptions ended or changed",
          description:
            'Called by Stripe, not by the app. The raw body must carry a valid ' +
            '`Stripe-Signature` (400 `webhook_signature_invalid` otherwise). Each event is ' +
            'handled once; a replay answers 200 and changes nothing. 404 when Stripe is not ' +
            'configured (the offline sandbox).',
          response: { 200: ZOkResponse, 400: ZErrorResponse, 404: ZErrorResponse },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const received = await receiveStripeWebhook({
          ctx,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          signature: typeof signature === 'string' ? signature : undefined,
        });
        request.log.info(received, 'Stripe webhook');
        return { status: 'ok' as const };
      },
    );
  };
}
