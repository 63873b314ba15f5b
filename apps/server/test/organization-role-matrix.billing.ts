import { expect } from 'vitest';
import {
  CARDS,
  catalogue,
  DETAILS,
  receiptsOf,
  savedCard,
  saveDetails,
  subscribed,
} from './billing-fixtures';
import {
  FORBIDDEN,
  json,
  NOT_FOUND,
  UNAUTHORIZED,
  type Actor,
  type Firm,
  type Outcome,
  type Row,
} from './organization-role-matrix.types';

/** An organization's billing: its owners and admins pay (architecture §7), nobody else sees it. */
const managers = (allowed: Outcome): Record<Actor, Outcome> => ({
  anonymous: UNAUTHORIZED,
  stranger: NOT_FOUND,
  outsider: NOT_FOUND,
  observer: FORBIDDEN,
  member: FORBIDDEN,
  admin: allowed,
  owner: allowed,
});

/** A card or a payment by its id: nobody but its managers learns that it exists. */
const recordManagers = (allowed: Outcome): Record<Actor, Outcome> => ({
  ...managers(allowed),
  observer: NOT_FOUND,
  member: NOT_FOUND,
});

const read = (path: string): Row => ({
  route: `GET /api/billing/${path}`,
  target: 'organization',
  request: async (f) => ({
    method: 'GET',
    url: `/api/billing/${path}?organization_pk=${f.organization}`,
  }),
  expect: managers(200),
});

const paid = new WeakMap<Firm, Promise<void>>();

/** The firm pays for Team, monthly, bought by its owner (once per firm). */
async function paying(f: Firm) {
  const owner = await f.person('owner');
  const plans = await catalogue(owner.client);
  let bought = paid.get(f);
  if (!bought) {
    bought = subscribed(owner.client, plans.team!, 'monthly', {
      organizationId: f.organization,
    }).then(() => undefined);
    paid.set(f, bought);
  }
  await bought;
  return { owner, plans };
}

const started = new WeakMap<Firm, Promise<string>>();

/**
 * The owner's upgrade to Business, paid by a card whose bank asks for its step (once per
 * firm; the firm pays for Team already): the payment waiting for that step.
 */
function awaitingTheBank(f: Firm): Promise<string> {
  let payment = started.get(f);
  if (!payment) {
    payment = (async () => {
      const { owner, plans } = await paying(f);
      const card = await savedCard(owner.client, CARDS.authentication, f.organization);
      const outcome = await owner.client.post('/api/billing/subscription/change', {
        plan_pk: plans.business!.pk,
        period: 'monthly',
        card_pk: card.pk,
        organization_pk: f.organization,
      });
      expect(outcome.json()).toMatchObject({ status: 'requires_action' });
      return (outcome.json() as { payment_pk: string }).payment_pk;
    })();
    started.set(f, payment);
  }
  return payment;
}

export const BILLING_ROWS: Row[] = [
  read('subscription'),
  read('details'),
  read('card/list'),
  read('receipt/list'),
  {
    route: 'GET /api/billing/quote',
    target: 'organization',
    request: async (f) => {
      const plans = await catalogue((await f.person('owner')).client);
      return {
        method: 'GET',
        url: `/api/billing/quote?plan_pk=${plans.team!.pk}&period=yearly&organization_pk=${f.organization}`,
      };
    },
    expect: managers(200),
  },
  {
    route: 'PUT /api/billing/details',
    request: async (f) =>
      json('PUT', '/api/billing/details', { ...DETAILS, organization_pk: f.organization }),
    expect: managers(200),
  },
  {
    route: 'POST /api/billing/card/create',
    request: async (f) =>
      json('POST', '/api/billing/card/create', {
        provider: 'sandbox',
        card: { number: CARDS.visa, exp_month: 12, exp_year: 2034, cvc: '123' },
        organization_pk: f.organization,
      }),
    expect: managers(201),
  },
  // The owner prepared the details and a card; whoever may pays.
  {
    route: 'POST /api/billing/subscribe',
    consumes: true,
    request: async (f) => {
      const owner = await f.person('owner');
      const plans = await catalogue(owner.client);
      await saveDetails(owner.client, f.organization);
      const card = await savedCard(owner.client, CARDS.visa, f.organization);
      return json('POST', '/api/billing/subscribe', {
        plan_pk: plans.team!.pk,
        period: 'monthly',
        card_pk: card.pk,
        organization_pk: f.organization,
      });
    },
    expect: managers(200),
  },
  {
    route: 'POST /api/billing/subscription/change',
    consumes: true,
    request: async (f) => {
      const { plans } = await paying(f);
      return json('POST', '/api/billing/subscription/change', {
        plan_pk: plans.business!.pk,
        period: 'monthly',
        organization_pk: f.organization,
      });
    },
    expect: managers(200),
  },
  {
    route: 'POST /api/billing/subscription/cancel',
    consumes: true,
    request: async (f) => {
      await paying(f);
      return json('POST', '/api/billing/subscription/cancel', {
        reason: 'other',
        organization_pk: f.organization,
      });
    },
    expect: managers(200),
  },
  {
    route: 'POST /api/billing/subscription/resume',
    consumes: true,
    request: async (f) => {
      const { owner } = await paying(f);
      const cancelled = await owner.client.post('/api/billing/subscription/cancel', {
        reason: 'other',
        organization_pk: f.organization,
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      return json('POST', '/api/billing/subscription/resume', { organization_pk: f.organization });
    },
    expect: managers(200),
  },
  // Without Stripe there is nothing to set up: those who may are told so after the check.
  {
    route: 'POST /api/billing/card/setup-intent',
    request: async (f) =>
      json('POST', '/api/billing/card/setup-intent', { organization_pk: f.organization }),
    expect: managers('404 not_found'),
  },
  {
    route: 'DELETE /api/billing/card/delete/:card_pk',
    consumes: true,
    request: async (f) => {
      const owner = await f.person('owner');
      const card = await savedCard(owner.client, CARDS.visa, f.organization);
      return { method: 'DELETE', url: `/api/billing/card/delete/${card.pk}` };
    },
    expect: recordManagers(200),
  },
  {
    route: 'GET /api/billing/receipt/download/:receipt_pk',
    request: async (f) => {
      const { owner } = await paying(f);
      const [receipt] = await receiptsOf(owner.client, f.organization);
      return { method: 'GET', url: `/api/billing/receipt/download/${receipt!.pk}?lang=en` };
    },
    expect: recordManagers(200),
  },
  // The owner's upgrade waits for the bank's step; whoever may completes it.
  {
    route: 'POST /api/billing/payment/confirm/:payment_pk',
    consumes: true,
    request: async (f) =>
      json('POST', `/api/billing/payment/confirm/${await awaitingTheBank(f)}`, {
        sandbox_authentication: 'complete',
      }),
    expect: recordManagers(200),
  },
];
