import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRoutes } from './stripe-server-api';
import type { Param, Params } from './stripe-server-params';
import {
  addInterval,
  invalid,
  StripeApiError,
  StripeState,
  type Subscription,
} from './stripe-server-model';

// A local stand-in for Stripe's API, as the stripe SDK talks to it (STRIPE_API_URL): form-
// encoded requests, idempotency keys, Stripe's error shapes, in-memory state, and the test
// PaymentMethods with Stripe's outcomes (pm_card_visa pays, pm_card_chargeDeclined is refused
// when saved, pm_card_chargeCustomerFail is saved and declined when charged,
// pm_card_authenticationRequired asks for the bank's step). It never calls the internet.

export const STRIPE_SECRET_KEY = 'sk_test_themis_stand_in';
export const STRIPE_PUBLISHABLE_KEY = 'pk_test_themis_stand_in';
export const STRIPE_WEBHOOK_SECRET = 'whsec_themis_stand_in';

interface SeenRequest {
  method: string;
  path: string;
  params: Params;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
  data: { object: object };
}

export interface StripeStandIn {
  url: string;
  /** The STRIPE_* variables that point the app here. */
  env: Record<string, string>;
  /** Every API call the SDK made, parameters parsed. */
  requests: SeenRequest[];
  state: StripeState;
  /** Runs after a call is handled and before it is answered (a webhook racing the answer). */
  beforeAnswer: ((request: SeenRequest) => Promise<void>) | null;
  /** The browser's part of the bank's step (Stripe.js confirming the client secret). */
  authenticate(clientSecret: string, outcome: 'complete' | 'fail'): void;
  /** Stripe at the subscription's period end: it renews (charging off-session) or ends it. */
  reachPeriodEnd(subscriptionId: string): void;
  /** Stripe ends the subscription now (its last retry failed, or someone in its dashboard). */
  cancel(subscriptionId: string): void;
  /** The events Stripe would have sent since the last call, oldest first. */
  takeEvents(): StripeEvent[];
  subscription(id: string): Subscription;
  close(): Promise<void>;
}

/** `a[b][0][c]=v` into nested objects, numeric keys into arrays, as Stripe reads them. */
function parseForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Params = root;
    path.forEach((segment, index) => {
      if (index === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Params;
    });
  }
  return arrays(root) as Params;
}

function arrays(value: Param): Param {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arrays(value[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeStandIn(options: { now: () => Date }): Promise<StripeStandIn> {
  const state = new StripeState(() => Math.floor(options.now().getTime() / 1000));
  const routes = apiRoutes(state);
  const requests: SeenRequest[] = [];
  const answered = new Map<string, { status: number; body: string }>();

  async function answer(request: IncomingMessage): Promise<{ status: number; body: string }> {
    if (request.headers.authorization !== `Bearer ${STRIPE_SECRET_KEY}`) {
      const error = { type: 'invalid_request_error', message: 'Invalid API Key provided.' };
      return { status: 401, body: JSON.stringify({ error }) };
    }
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    const params = parseForm(method === 'POST' ? await bodyOf(request) : url.search.slice(1));
    const key = request.headers['idempotency-key'];
    const replayKey = typeof key === 'string' ? `${method} ${url.pathname} ${key}` : undefined;
    const replay = replayKey ? answered.get(replayKey) : undefined;
    if (replay) return replay;
    requests.push({ method, path: url.pathname, params });
    let result: { status: number; body: string };
    try {
      const route = routes.find((r) => r.method === method && r.path.test(url.pathname));
      if (!route) throw invalid(`Unrecognized request URL (${method}: ${url.pathname}).`);
      const id = decodeURIComponent(route.path.exec(url.pathname)?.[1] ?? '');
      result = { status: 200, body: JSON.stringify(route.handle(params, id)) };
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      result = { status: error.status, body: JSON.stringify({ error: error.error }) };
    }
    if (replayKey) answered.set(replayKey, result);
    await standIn.beforeAnswer?.(requests.at(-1)!);
    return result;
  }

  const server = createServer((request, response) => {
    answer(request)
      .then(({ status, body }) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${requests.length}`,
          // The SDK retries only what Stripe says may be retried.
          'stripe-should-retry': 'false',
        });
        response.end(body);
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url,
    beforeAnswer: null,
    env: {
      STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    },
    requests,
    state,
    authenticate(clientSecret, outcome) {
      const intent = [...state.intents.values()].find((i) => i.clientSecret === clientSecret);
      if (intent?.status !== 'requires_action') throw new Error('no PaymentIntent waits for that');
      const invoice = state.get(state.invoices, intent.invoice);
      if (outcome === 'complete') {
        intent.status = 'succeeded';
        state.markPaid(invoice);
        return;
      }
      intent.status = 'requires_payment_method';
      intent.lastError = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'The provided PaymentMethod has failed authentication.',
      };
      state.markFailed(invoice);
    },
    reachPeriodEnd(subscriptionId) {
      const subscription = state.get(state.subscriptions, subscriptionId);
      const at = subscription.periodEnd;
      if (subscription.cancelAtPeriodEnd) {
        subscription.status = 'canceled';
        subscription.canceledAt = at;
        state.emit('customer.subscription.deleted', subscriptionId);
        return;
      }
      const schedule = subscription.schedule ? state.schedules.get(subscription.schedule) : null;
      const phase = schedule?.phases.find((p) => p.start === at);
      if (phase) subscription.price = phase.price;
      subscription.periodStart = at;
      subscription.periodEnd = addInterval(at, subscription.price.interval);
      const invoice = state.invoice(
        subscription,
        'subscription_cycle',
        [
          {
            amount: subscription.price.unit_amount,
            price: subscription.price,
            period: { start: at, end: subscription.periodEnd },
          },
        ],
        true,
      );
      if (invoice.status !== 'paid') {
        subscription.status = 'past_due';
        state.emit('customer.subscription.updated', subscriptionId);
      }
    },
    cancel(subscriptionId) {
      const subscription = state.get(state.subscriptions, subscriptionId);
      subscription.status = 'canceled';
      subscription.canceledAt = state.nowSeconds();
      state.emit('customer.subscription.deleted', subscriptionId);
    },
    takeEvents() {
      return state.events.splice(0).map((event) => ({
        id: event.id,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: event.created,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: event.type,
        data: { object: event.object },
      }));
    },
    subscription: (id) => state.get(state.subscriptions, id),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return standIn;
}
