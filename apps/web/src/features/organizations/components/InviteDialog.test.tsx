import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, sentBodies } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { InviteDialog } from './InviteDialog';

const CREATE = 'POST /organization/invitation/create/org-1';

async function addresses(...emails: string[]) {
  const field = screen.getByTestId('invite-emails');
  for (const email of emails) await userEvent.type(field, `${email}{Enter}`);
}

async function choose(combobox: HTMLElement, option: string) {
  await userEvent.click(combobox);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the invite dialog', () => {
  it('gives each address the common role unless it is given its own', async () => {
    const api = fakeApi({ [CREATE]: () => json([], 201) });
    const onClose = vi.fn();
    renderWithProviders(<InviteDialog organizationPk="org-1" onClose={onClose} />);
    await addresses('anna@example.com');
    // One address: one role, no list.
    expect(screen.queryAllByTestId('invite-address-role')).toHaveLength(0);
    await addresses('jan@example.com', 'ewa@example.com');
    const rows = screen.getAllByTestId('invite-address-role');
    const shown = () =>
      rows.map((row) => [
        row.firstElementChild?.textContent,
        within(row).getByRole('combobox').textContent,
      ]);
    expect(shown()).toEqual([
      ['anna@example.com', 'Observer'],
      ['jan@example.com', 'Observer'],
      ['ewa@example.com', 'Observer'],
    ]);
    await choose(screen.getByRole('combobox', { name: /^Role for everyone/ }), 'Employee');
    await choose(screen.getByRole('combobox', { name: /^jan@example\.com Role/ }), 'Administrator');
    expect(shown().map(([, role]) => role)).toEqual(['Employee', 'Administrator', 'Employee']);

    await userEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await sentBodies(api, CREATE)).toEqual([
      {
        user_emails: ['anna@example.com', 'jan@example.com', 'ewa@example.com'],
        role: 'MEMBER',
        user_roles: { 'jan@example.com': 'ADMIN' },
      },
    ]);
  });

  it('sends one role for all when no address has its own, and a new common role resets them', async () => {
    const api = fakeApi({ [CREATE]: () => json([], 201) });
    renderWithProviders(<InviteDialog organizationPk="org-1" onClose={() => undefined} />);
    await addresses('anna@example.com', 'jan@example.com');
    await choose(
      screen.getByRole('combobox', { name: /^anna@example\.com Role/ }),
      'Administrator',
    );
    await choose(screen.getByRole('combobox', { name: /^Role for everyone/ }), 'Employee');
    expect(screen.getByRole('combobox', { name: /^anna@example\.com Role/ }).textContent).toBe(
      'Employee',
    );
    await userEvent.click(screen.getByTestId('invite-send'));
    await waitFor(async () => expect(await sentBodies(api, CREATE)).toHaveLength(1));
    expect(await sentBodies(api, CREATE)).toEqual([
      { user_emails: ['anna@example.com', 'jan@example.com'], role: 'MEMBER' },
    ]);
  });
});
