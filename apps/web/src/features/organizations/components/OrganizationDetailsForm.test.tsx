import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, sentForms } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { currentOrganization } from '../../sharing/test-data';
import { OrganizationDetailsForm } from './OrganizationDetailsForm';

const ORGANIZATION = currentOrganization('OWNER');

const UPDATE = `PUT /organization/update/${ORGANIZATION.pk}`;

function openForm(saved: Partial<typeof ORGANIZATION> = { is_sharing_outside_allowed: false }) {
  const api = fakeApi({
    [`GET /organization/model-choices/${ORGANIZATION.pk}`]: () => json([]),
    [UPDATE]: () => json({ ...ORGANIZATION, ...saved }),
  });
  renderWithProviders(<OrganizationDetailsForm organization={ORGANIZATION} />);
  return api;
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

  it('turns exporting off for the members, sent alone and told of on its own', async () => {
    const api = openForm({ is_export_allowed: false });
    const toggle = screen.getByRole('switch', {
      name: 'Allow members to export conversations (Word, PDF, Markdown)',
    });
    expect(toggle).toHaveProperty('checked', true);
    fireEvent.click(toggle);
    fireEvent.click(screen.getByTestId('organization-save'));
    expect(
      await screen.findByText(
        "Members can no longer export conversations, nor can visitors of the organization's links.",
      ),
    ).toBeTruthy();
    const [form] = await sentForms(api, UPDATE);
    expect(form).toEqual({ is_export_allowed: 'false' });
    expect(screen.queryByText("The organization's details are saved.")).toBeNull();
  });
});
