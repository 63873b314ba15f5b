import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { currentOrganization } from '../../sharing/test-data';
import { OrganizationDetailsForm } from './OrganizationDetailsForm';

const ORGANIZATION = currentOrganization('OWNER');

function openForm() {
  fakeApi({
    [`GET /organization/model-choices/${ORGANIZATION.pk}`]: () => json([]),
    [`PUT /organization/update/${ORGANIZATION.pk}`]: () =>
      json({ ...ORGANIZATION, is_sharing_outside_allowed: false }),
  });
  renderWithProviders(<OrganizationDetailsForm organization={ORGANIZATION} />);
}

describe('the organization details form', () => {
  it('tells of the sharing switch on its own, not as details saved', async () => {
    openForm();
    fireEvent.click(
      screen.getByRole('switch', { name: 'Allow sharing conversations outside the organization' }),
    );
    fireEvent.click(screen.getByTestId('organization-save'));
    expect(
      await screen.findByText('Conversations can no longer be shared outside the organization.'),
    ).toBeTruthy();
    expect(screen.queryByText("The organization's details are saved.")).toBeNull();
  });
});
