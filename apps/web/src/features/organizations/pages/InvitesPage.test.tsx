import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invitation } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../app/i18n';
import { fakeApi, json } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { currentOrganization } from '../../sharing/test-data';
import { InvitesPage } from './InvitesPage';

const ORGANIZATION = currentOrganization('OWNER');
const LIST = `GET /organization/invitation/list/${ORGANIZATION.pk}`;

function openInvites(items: Invitation[] = []) {
  const api = fakeApi({ [LIST]: () => json({ items, next_cursor: null }) });
  renderWithProviders(<InvitesPage organization={ORGANIZATION} />);
  const listed = () =>
    api.mock.calls
      .map(([input]) => new URL((input as Request).url ?? String(input)))
      .filter((url) => url.pathname.startsWith('/api/organization/invitation/list/'));
  return { listed };
}

/** The date field labelled `label`: its day, month and year sections. */
const dateField = (label: string) => screen.getByRole('group', { name: label });

describe('the invitations date filter', () => {
  it('takes a day in the app’s format, whatever the browser’s, and a week from Monday in Polish', async () => {
    await i18n.changeLanguage('pl');
    const { listed } = openInvites();
    await screen.findByTestId('invites-page');
    const from = dateField('Wysłane od');
    expect(from.textContent).toMatch(/^DD\.MM\./);
    await userEvent.click(within(from).getAllByRole('spinbutton')[0]!);
    await userEvent.keyboard('01122026');
    await waitFor(() =>
      expect(listed().at(-1)?.searchParams.get('create_date_from')).toBe('2026-12-01'),
    );
    expect(from.textContent).toContain('01.12.2026');

    await userEvent.click(screen.getAllByRole('button', { name: /Wybierz datę/ })[1]!);
    const calendar = await screen.findByRole('grid');
    const weekdays = within(calendar).getAllByRole('columnheader');
    expect(weekdays[0]?.getAttribute('aria-label')).toBe('poniedziałek');
  });

  it('starts the week on Sunday in English, in the same day format', async () => {
    const { listed } = openInvites();
    await screen.findByTestId('invites-page');
    const to = dateField('Sent until');
    expect(to.textContent).toMatch(/^DD\.MM\.YYYY/);
    await userEvent.click(within(to).getAllByRole('spinbutton')[0]!);
    await userEvent.keyboard('31012027');
    await waitFor(() =>
      expect(listed().at(-1)?.searchParams.get('create_date_to')).toBe('2027-01-31'),
    );
    await userEvent.click(screen.getAllByRole('button', { name: /Choose date/ })[1]!);
    const calendar = await screen.findByRole('grid');
    expect(within(calendar).getAllByRole('columnheader')[0]?.getAttribute('aria-label')).toBe(
      'Sunday',
    );
  });

  it('shows when invitations were sent and expire in the same format as everywhere', async () => {
    openInvites([
      {
        pk: 'inv-1',
        invitation_type: 'EMAIL',
        email: 'jan@kancelaria.pl',
        role: 'MEMBER',
        status: 'sent',
        created_at: '2026-12-01T10:00:00Z',
        expires_at: '2026-12-08T10:00:00Z',
      },
    ]);
    const row = await screen.findByTestId('invitation-row');
    expect(row.textContent).toContain('01.12.2026');
    expect(row.textContent).toContain('08.12.2026');
  });
});
