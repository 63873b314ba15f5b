import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { overview, PLANS, subscription, TEAM } from '../../billing/test-data';
import { currentOrganization } from '../../sharing/test-data';
import { BillingTab } from './BillingTab';

const ORGANIZATION = currentOrganization('OWNER');

function openBilling() {
  const api = fakeApi({
    [`GET /organization/membership/stats/${ORGANIZATION.pk}`]: () =>
      json({
        members_count: 3,
        roles: { OWNER: 1, ADMIN: 0, MEMBER: 2, OBSERVER: 0 },
        month: '2026-11-01',
        used_tokens: 2_500_000,
        limit_tokens: 10_000_000,
      }),
    'GET /plan/list': () => json(PLANS),
    'GET /billing/subscription': () =>
      json(overview(subscription({ plan: TEAM, period: 'yearly' }), ORGANIZATION.pk)),
    'GET /billing/receipt/list': () => json([]),
  });
  const router = createMemoryRouter(
    [
      { path: '/organizations/billing', element: <BillingTab organization={ORGANIZATION} /> },
      { path: '/payment', element: <div data-testid="payment-stand-in" /> },
    ],
    { initialEntries: ['/organizations/billing'] },
  );
  return { api, router, ...renderWithProviders(<RouterProvider router={router} />) };
}

describe("organization's billing tab", () => {
  it('shows the plan, the pooled usage, the subscription and the organization plans', async () => {
    const { api, router } = openBilling();
    expect(await screen.findByRole('heading', { level: 2, name: 'Team' })).toBeTruthy();
    expect(screen.getByTestId('organization-billing-usage').textContent).toBe(
      '2,500,000 of 10,000,000 tokens used',
    );
    expect((await screen.findByTestId('subscription-plan')).textContent).toBe('PlanTeam');
    const team = await screen.findByTestId('plan-card-team');
    expect(screen.queryByTestId('plan-card-pro')).toBeNull();
    expect(team.textContent).toContain('Encryption the firm can require of every member');
    // The organization pays yearly: the plans open on that period, its plan current.
    expect(screen.getByRole('button', { name: 'Yearly' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(team.dataset.state).toBe('current');
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(team.dataset.state).toBe('available');
    fireEvent.click(within(team).getByRole('button', { name: 'Choose Team' }));
    fireEvent.click(within(team).getByRole('link', { name: 'Continue with Team' }));
    await screen.findByTestId('payment-stand-in');
    expect(router.state.location.search).toBe(
      `?organization=${ORGANIZATION.pk}&plan=${TEAM.pk}&period=monthly`,
    );
    const asked = api.mock.calls.map(([input]) => new URL((input as Request).url));
    expect(
      asked
        .filter((url) => url.pathname.startsWith('/api/billing/'))
        .every((url) => url.searchParams.get('organization_pk') === ORGANIZATION.pk),
    ).toBe(true);
  });
});
