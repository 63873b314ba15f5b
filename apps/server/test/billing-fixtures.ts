import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  BillingDetailsRequest,
  BillingOverview,
  BillingPeriod,
  PaymentCard,
  PaymentOutcome,
  Plan,
  Receipt,
} from '@themis/shared';
import { jobs } from '../src/db/schema';
import { Client, loginWithCode, signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import { startStripeStandIn, type StripeStandIn } from './stripe-server';

// Shared by the billing tests: the catalogue, billing details, cards and subscriptions made
// through the API as the payment page makes them.

export const CARDS = {
  visa: '4242 4242 4242 4242',
  authentication: '4000 0025 0000 3155',
  declined: '4000 0000 0000 0002',
  expired: '4000 0000 0000 0069',
  incorrectCvc: '4000 0000 0000 0127',
  processingError: '4000 0000 0000 0119',
  chargeFails: '4000 0000 0000 0341',
  notLuhn: '4242 4242 4242 4241',
} as const;

export const DETAILS: BillingDetailsRequest = {
  country: 'PL',
  city: 'Kraków',
  zip_code: '31-042',
  address: 'Rynek Główny 1',
  phone: '123456789',
  email: 'faktury@kancelaria.example',
  first_name: 'Anna',
  last_name: 'Nowak',
  company_name: 'Kancelaria Nowak',
  nip: '526-000-12-46',
};

export async function catalogue(client: Client): Promise<Record<string, Plan>> {
  const plans = (await client.get('/api/plan/list')).json() as Plan[];
  return Object.fromEntries(plans.map((plan) => [plan.code, plan]));
}

const account = (organizationId?: string) =>
  organizationId ? { organization_pk: organizationId } : {};
const accountQuery = (organizationId?: string) =>
  organizationId ? `?organization_pk=${organizationId}` : '';

export async function saveDetails(client: Client, organizationId?: string) {
  const res = await client.put('/api/billing/details', { ...DETAILS, ...account(organizationId) });
  expect(res.statusCode, res.body).toBe(200);
}

export function addCard(client: Client, number: string, organizationId?: string) {
  return client.post('/api/billing/card/create', {
    provider: 'sandbox',
    card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
    ...account(organizationId),
  });
}

export async function savedCard(
  client: Client,
  number: string = CARDS.visa,
  organizationId?: string,
): Promise<PaymentCard> {
  const res = await addCard(client, number, organizationId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as PaymentCard;
}

export function subscribeTo(
  client: Client,
  options: { plan: Plan; period: BillingPeriod; card: PaymentCard; organizationId?: string },
) {
  return client.post('/api/billing/subscribe', {
    plan_pk: options.plan.pk,
    period: options.period,
    card_pk: options.card.pk,
    ...account(options.organizationId),
  });
}

/** Details saved, a card that pays, and the plan bought; the outcome. */
export async function subscribed(
  client: Client,
  plan: Plan,
  period: BillingPeriod = 'monthly',
  options: { number?: string; organizationId?: string } = {},
): Promise<PaymentOutcome> {
  await saveDetails(client, options.organizationId);
  const card = await savedCard(client, options.number, options.organizationId);
  const res = await subscribeTo(client, {
    plan,
    period,
    card,
    organizationId: options.organizationId,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentOutcome;
}

export async function overview(client: Client, organizationId?: string): Promise<BillingOverview> {
  const res = await client.get(`/api/billing/subscription${accountQuery(organizationId)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BillingOverview;
}

/** The billing tests' app on their clock (Stripe's stand-in behind it when asked), and the plans. */
export async function startBillingApp(now: () => Date, options: { stripe?: boolean } = {}) {
  const stripe: StripeStandIn | undefined = options.stripe
    ? await startStripeStandIn({ now })
    : undefined;
  const t = await createTestApp({ now, ...(stripe && { env: stripe.env }) });
  const plans = await catalogue((await signedUpClient(t)).client);
  const close = async () => {
    await t.close();
    await stripe?.close();
  };
  return { t, plans, stripe, close };
}

/** Signs in anew (the clock moved past the session's access token), as the user coming back. */
export async function signInAs(t: TestApp, email: string): Promise<Client> {
  const client = new Client(t);
  await loginWithCode(t, client, email, false);
  return client;
}

export async function receiptsOf(client: Client, organizationId?: string) {
  const res = await client.get(`/api/billing/receipt/list${accountQuery(organizationId)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Receipt[];
}

/** Runs the billing jobs the (controllable) clock has made due, whatever their queue time. */
export async function runBillingJobs(t: TestApp) {
  await t.database.db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(eq(jobs.type, 'billing.renew'));
  await t.app.jobs.runDueJobs();
}
