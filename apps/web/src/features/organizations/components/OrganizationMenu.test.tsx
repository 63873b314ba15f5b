import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Organization } from '@themis/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, signedIn } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { currentOrganization } from '../../sharing/test-data';
import { OrganizationMenu } from './OrganizationMenu';

/** The menu in the sidebar of `organization`'s profile, beside a stand-in settings page. */
function openMenuOf(organization: Organization) {
  fakeApi({
    ...signedIn,
    'GET /organization/get-current': () => json(organization),
    'GET /organization/membership/user-list': () => json([]),
    'GET /organization/invitation/list': () => json([]),
  });
  const router = createMemoryRouter(
    [
      { path: '/chat', element: <OrganizationMenu /> },
      { path: '/organizations/general', element: <div data-testid="settings-stand-in" /> },
    ],
    { initialEntries: ['/chat'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const managing = (role: Organization['role']): Organization => ({
  ...currentOrganization(role),
  setting_visibility: { invitation_panel_visible: true, settings_panel_visible: true },
});

describe('the organization menu', () => {
  it("offers an owner or admin the invitation dialog and the organization's settings", async () => {
    const router = openMenuOf(managing('ADMIN'));
    fireEvent.click(await screen.findByRole('button', { name: 'Profile: Kancelaria' }));
    fireEvent.click(await screen.findByTestId('organization-invite'));
    expect(await screen.findByRole('dialog', { name: 'Invite co-workers' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Profile: Kancelaria' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Settings' }));
    expect(await screen.findByTestId('settings-stand-in')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/organizations/general');
  });

  it('offers a member neither', async () => {
    openMenuOf(currentOrganization('MEMBER'));
    fireEvent.click(await screen.findByRole('button', { name: 'Profile: Kancelaria' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.queryByTestId('organization-invite')).toBeNull();
    expect(screen.queryByTestId('organization-settings')).toBeNull();
  });
});
