import type { SharedLink } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, fakeApi, json } from '../../../test/fake-api';
import { renderAt, sharedLink } from '../test-data';
import { LinkManagerTab } from './LinkManagerTab';

// The link manager's disabled links: hidden unless the switch shows them, then enabled
// again (asking what sharing asks) or deleted.

const LIST = 'GET /conversation/share/list';
const DAY_MS = 86_400_000;

const ACTIVE = sharedLink({
  pk: 'b0000000-0000-4000-8000-000000000001',
  conversation_name: 'Lease question',
});
const DISABLED = sharedLink({
  pk: 'b0000000-0000-4000-8000-000000000002',
  conversation_pk: 'c0000000-0000-4000-8000-000000000002',
  conversation_name: 'Old tenancy',
  status: 'disabled',
  // Shared for 30 days.
  shared_at: '2026-10-01T10:00:00.000Z',
  expired_at: '2026-10-31T10:00:00.000Z',
  users: [{ full_name: 'Jan Nowak', avatar_url: null }],
  visitors_count: 1,
});
const ENABLE = `POST /conversation/share/enable/${DISABLED.pk}`;

const page = (items: SharedLink[]) => json({ items, next_cursor: null });
const showsDisabled = (request: Request) =>
  new URL(request.url).searchParams.get('include_disabled') === 'true';

/** The server's list: the disabled link shown only when asked, as `disabled` says it is. */
function openManager(handlers: Parameters<typeof fakeApi>[0] = {}, state = { enabled: false }) {
  const api = fakeApi({
    [LIST]: (request) => {
      if (state.enabled) return page([ACTIVE, { ...DISABLED, status: 'active' }]);
      return page(showsDisabled(request) ? [ACTIVE, DISABLED] : [ACTIVE]);
    },
    ...handlers,
  });
  renderAt('/chat', <LinkManagerTab />);
  return api;
}

async function showDisabled() {
  await screen.findByText('Lease question');
  expect(screen.queryByText('Old tenancy')).toBeNull();
  const toggle = screen.getByRole('switch', { name: 'Show disabled links' });
  expect(toggle).toHaveProperty('checked', false);
  fireEvent.click(toggle);
  const cell = await screen.findByText('Old tenancy');
  return cell.closest('tr') as HTMLElement;
}

async function openEnableDialog() {
  const row = await showDisabled();
  fireEvent.click(
    within(row).getByRole('button', { name: 'Enable the link to “Old tenancy” again' }),
  );
  return screen.findByRole('dialog', { name: 'Enable this link again?' });
}

describe('disabled links in the link manager', () => {
  it('are shown with the switch, offering enable and delete but not open or copy', async () => {
    const api = openManager();
    const row = await showDisabled();
    expect(row.getAttribute('data-status')).toBe('disabled');
    expect(within(row).getByTestId('link-status').textContent).toBe('Disabled');
    expect(within(row).getByRole('button', { name: 'Open “Old tenancy”' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(
      within(row).getByRole('button', { name: 'Copy the link to “Old tenancy”' }),
    ).toHaveProperty('disabled', true);
    expect(within(row).queryByTestId('shared-link-disable')).toBeNull();
    expect(within(row).getByTestId('shared-link-enable')).toHaveProperty('disabled', false);
    expect(within(row).getByTestId('shared-link-delete')).toHaveProperty('disabled', false);
    // An active link keeps its disable action.
    const active = (await screen.findByText('Lease question')).closest('tr') as HTMLElement;
    expect(within(active).getByTestId('shared-link-disable')).toBeTruthy();
    expect(within(active).queryByTestId('shared-link-enable')).toBeNull();
    const asked = api.mock.calls
      .map(([input]) => new URL((input as Request).url))
      .filter((url) => url.pathname === '/api/conversation/share/list')
      .map((url) => url.searchParams.get('include_disabled'));
    expect(asked).toEqual([null, 'true']);

    fireEvent.click(screen.getByRole('switch', { name: 'Show disabled links' }));
    await waitFor(() => expect(screen.queryByText('Old tenancy')).toBeNull());
  });

  it('enables a link again for as long as it was shared, and lists it active', async () => {
    const state = { enabled: false };
    const bodies: unknown[] = [];
    openManager(
      {
        [ENABLE]: async (request) => {
          bodies.push(await request.json());
          state.enabled = true;
          return json({ ...DISABLED, status: 'active' });
        },
      },
      state,
    );
    const dialog = await openEnableDialog();
    expect(dialog.textContent).toContain('keep its visitors');
    expect(dialog.textContent).toContain('share “Old tenancy” as the conversation is now');
    expect(within(dialog).getByRole('radio', { name: '30 days' })).toHaveProperty('checked', true);
    fireEvent.click(within(dialog).getByRole('radio', { name: '1 week' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));

    expect(await screen.findByText('The link is active again.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies).toEqual([{ expires_in_ms: 7 * DAY_MS }]);
    const row = (await screen.findByText('Old tenancy')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByTestId('link-status').textContent).toBe('Active'));
    expect(within(row).getByTestId('shared-link-disable')).toBeTruthy();
  });

  it('asks for the readable copy of an encrypted conversation, as sharing does', async () => {
    const bodies: unknown[] = [];
    openManager({
      [ENABLE]: async (request) => {
        const body = (await request.json()) as { decrypt_confirmed?: boolean };
        bodies.push(body);
        return body.decrypt_confirmed
          ? json({ ...DISABLED, status: 'active' })
          : detail('share_decryption_unconfirmed', 409);
      },
    });
    const dialog = await openEnableDialog();
    expect(within(dialog).queryByTestId('share-encrypted-warning')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('enable-link-confirm'));
    expect(await within(dialog).findByTestId('share-encrypted-warning')).toBeTruthy();
    expect(within(dialog).getByTestId('form-error').textContent).toContain(
      'This conversation is encrypted.',
    );
    const enable = within(dialog).getByTestId('enable-link-confirm');
    expect(enable).toHaveProperty('disabled', true);
    fireEvent.click(
      within(dialog).getByRole('checkbox', {
        name: 'I understand that a readable copy will be stored',
      }),
    );
    fireEvent.click(enable);
    expect(await screen.findByText('The link is active again.')).toBeTruthy();
    expect(bodies).toEqual([
      { expires_in_ms: 30 * DAY_MS },
      { expires_in_ms: 30 * DAY_MS, decrypt_confirmed: true },
    ]);
  });

  it('says why a link cannot be enabled, and keeps it disabled', async () => {
    openManager({ [ENABLE]: () => detail('share_link_superseded', 409) });
    const dialog = await openEnableDialog();
    fireEvent.click(within(dialog).getByTestId('enable-link-confirm'));
    expect((await within(dialog).findByTestId('form-error')).textContent).toContain(
      'shared again through a newer link',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByText('Old tenancy')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('link-status').textContent).toBe('Disabled');
  });

  it('deletes a disabled link once confirmed', async () => {
    let deleted = false;
    openManager({
      [LIST]: (request) => page(showsDisabled(request) && !deleted ? [ACTIVE, DISABLED] : [ACTIVE]),
      [`DELETE /conversation/share/delete/${DISABLED.pk}`]: () => {
        deleted = true;
        return json({ status: 'ok' });
      },
    });
    const row = await showDisabled();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete the link to “Old tenancy”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this link?' });
    expect(confirm.textContent).toContain('its list of visitors will be deleted for good');
    fireEvent.click(within(confirm).getByTestId('confirm-action'));
    expect(await screen.findByText('The link was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Old tenancy')).toBeNull());
    expect(deleted).toBe(true);
  });
});
