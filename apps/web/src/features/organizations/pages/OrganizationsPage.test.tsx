import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { detail, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { OrganizationsPage } from './OrganizationsPage';

function openOrganizations(handlers: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi(handlers);
  const router = createMemoryRouter(
    [{ path: '/organizations/:tab?', element: <OrganizationsPage /> }],
    { initialEntries: ['/organizations/general'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return api;
}

describe('the organizations page', () => {
  it('in the individual context says there is no organization and offers to create one', async () => {
    openOrganizations({ 'POST /organization/create': () => detail('internal_error', 500) });
    const page = await screen.findByTestId('no-organization');
    expect(
      within(page).getByRole('heading', { level: 1, name: 'No organization selected' }),
    ).toBeTruthy();
    fireEvent.click(within(page).getByRole('button', { name: 'Create an organization' }));

    // A creation that fails says so in the dialog, which stays on its first step.
    const dialog = await screen.findByRole('dialog', { name: 'Create an organization' });
    fireEvent.change(within(dialog).getByTestId('organization-name'), {
      target: { value: 'Kancelaria Nowak' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Something went wrong');
    expect(within(dialog).getByTestId('organization-name')).toHaveProperty(
      'value',
      'Kancelaria Nowak',
    );
  });
});
