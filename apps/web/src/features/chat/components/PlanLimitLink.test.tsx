import type { Organization } from '@themis/shared';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authUser, detail, fakeApi, json } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { currentOrganization } from '../../sharing/test-data';
import { PlanLimitLink } from './PlanLimitLink';

function renderIn(organization: Organization | null) {
  fakeApi({
    'GET /auth/verify': () => json(authUser()),
    'GET /organization/get-current': () =>
      organization ? json(organization) : detail('no_current_organization'),
  });
  const router = createMemoryRouter([{ path: '/chat', element: <PlanLimitLink /> }], {
    initialEntries: ['/chat'],
  });
  return renderWithProviders(<RouterProvider router={router} />);
}

const managing = (role: Organization['role']): Organization => ({
  ...currentOrganization(role),
  setting_visibility: { invitation_panel_visible: true, settings_panel_visible: true },
});

describe('the monthly-limit notice link', () => {
  it("leads to the user's plans in the individual context", async () => {
    renderIn(null);
    const link = await screen.findByRole('link', { name: 'See the plans' });
    expect(link.getAttribute('href')).toBe('/billing/plans');
  });

  it("leads an organization's manager to its billing", async () => {
    renderIn(managing('ADMIN'));
    const link = await screen.findByRole('link', { name: "Open the organization's billing" });
    expect(link.getAttribute('href')).toBe('/organizations/billing');
  });

  it('gives a member no link', async () => {
    const { container, store } = renderIn(currentOrganization('MEMBER'));
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) =>
            query?.endpointName === 'getCurrentOrganization' && query.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toBe('');
  });
});
