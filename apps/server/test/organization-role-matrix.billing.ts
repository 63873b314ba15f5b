import { CARDS, catalogue, DETAILS, savedCard, saveDetails } from './billing-fixtures';
import {
  FORBIDDEN,
  json,
  NOT_FOUND,
  UNAUTHORIZED,
  type Actor,
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

const read = (path: string): Row => ({
  route: `GET /api/billing/${path}`,
  target: 'organization',
  request: async (f) => ({
    method: 'GET',
    url: `/api/billing/${path}?organization_pk=${f.organization}`,
  }),
  expect: managers(200),
});

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
];
