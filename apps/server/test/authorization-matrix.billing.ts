import type { HttpRow, Records } from './authorization-matrix.table';
import { CARDS, DETAILS } from './billing-fixtures';

// The billing rows of the authorization matrix (authorization-matrix.table.ts).

/** The organization's billing, paid for by its owner; a stranger's organization is 404. */
export function billingRows(): HttpRow[] {
  const ofOrganization = (r: Records) => `organization_pk=${r.organization}`;
  return [
    {
      route: 'GET /api/billing/subscription?organization_pk',
      request: (r) => ({ method: 'GET', url: `/api/billing/subscription?${ofOrganization(r)}` }),
      owner: 200,
    },
    {
      route: 'GET /api/billing/quote?organization_pk',
      request: (r) => ({
        method: 'GET',
        url: `/api/billing/quote?plan_pk=${r.billing.teamPlan}&period=monthly&${ofOrganization(r)}`,
      }),
      owner: 200,
    },
    {
      route: 'GET /api/billing/details?organization_pk',
      request: (r) => ({ method: 'GET', url: `/api/billing/details?${ofOrganization(r)}` }),
      owner: 200,
    },
    {
      route: 'PUT /api/billing/details',
      request: (r) => ({
        method: 'PUT',
        url: '/api/billing/details',
        payload: { ...DETAILS, organization_pk: r.organization },
      }),
      owner: 200,
    },
    {
      route: 'GET /api/billing/card/list?organization_pk',
      request: (r) => ({ method: 'GET', url: `/api/billing/card/list?${ofOrganization(r)}` }),
      owner: 200,
    },
    {
      route: 'POST /api/billing/card/create',
      request: (r) => ({
        method: 'POST',
        url: '/api/billing/card/create',
        payload: {
          provider: 'sandbox',
          card: { number: CARDS.visa, exp_month: 12, exp_year: 2034, cvc: '123' },
          organization_pk: r.organization,
        },
      }),
      owner: 201,
    },
    // Without Stripe there is nothing to set up: the owner too is told so, after the check.
    {
      route: 'POST /api/billing/card/setup-intent',
      request: (r) => ({
        method: 'POST',
        url: '/api/billing/card/setup-intent',
        payload: { organization_pk: r.organization },
      }),
      owner: 404,
    },
    {
      route: 'GET /api/billing/receipt/list?organization_pk',
      request: (r) => ({ method: 'GET', url: `/api/billing/receipt/list?${ofOrganization(r)}` }),
      owner: 200,
    },
    {
      // The invoice (a PDF), in the language asked for.
      route: 'GET /api/billing/receipt/download/:receipt_pk?lang',
      request: (r) => ({
        method: 'GET',
        url: `/api/billing/receipt/download/${r.billing.receipt}?lang=pl`,
      }),
      owner: 200,
    },
    // It has one: the owner is refused the second, after the access check.
    {
      route: 'POST /api/billing/subscribe',
      request: (r) => ({
        method: 'POST',
        url: '/api/billing/subscribe',
        payload: {
          plan_pk: r.billing.teamPlan,
          period: 'monthly',
          card_pk: r.billing.organizationCard,
          organization_pk: r.organization,
        },
      }),
      owner: 409,
    },
    {
      route: 'POST /api/billing/subscription/change',
      request: (r) => ({
        method: 'POST',
        url: '/api/billing/subscription/change',
        payload: {
          plan_pk: r.billing.teamPlan,
          period: 'monthly',
          organization_pk: r.organization,
        },
      }),
      owner: 200,
    },
    {
      route: 'POST /api/billing/subscription/cancel',
      request: (r) => ({
        method: 'POST',
        url: '/api/billing/subscription/cancel',
        payload: { reason: 'other', organization_pk: r.organization },
      }),
      owner: 200,
    },
    {
      route: 'POST /api/billing/subscription/resume',
      request: (r) => ({
        method: 'POST',
        url: '/api/billing/subscription/resume',
        payload: { organization_pk: r.organization },
      }),
      owner: 200,
    },
    {
      route: 'POST /api/billing/payment/confirm/:payment_pk',
      request: (r) => ({
        method: 'POST',
        url: `/api/billing/payment/confirm/${r.billing.payment}`,
        payload: { sandbox_authentication: 'complete' },
      }),
      owner: 200,
    },
    {
      route: 'DELETE /api/billing/card/delete/:card_pk',
      request: (r) => ({ method: 'DELETE', url: `/api/billing/card/delete/${r.billing.card}` }),
      owner: 200,
    },
  ];
}
