import { DISCONNECT_SUCCESS_STORAGE_KEY, type Session } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { logout } from '../../../app/session';
import { detail, fakeApi, json, sentBodies, sentForms, userResponse } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { EncryptionProvider } from '../../encryption';
import { sharedLink } from '../../sharing/test-data';
import type { SettingsTab } from '../settings-tabs';
import { SettingsDialog } from './SettingsDialog';

vi.mock('../../../app/session', () => ({
  logout: vi.fn(),
  setSessionEnding: vi.fn(),
  isSessionEnding: () => false,
}));

const ok = () => json({ status: 'ok' });
const PNG_HEADER = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function session(overrides: Partial<Session>): Session {
  return {
    pk: 'current',
    browser: 'Chrome',
    os: 'Linux',
    ip: '127.0.0.1',
    provider: 'system',
    created_at: '2026-11-20T10:00:00.000Z',
    last_seen_at: '2026-11-22T10:00:00.000Z',
    is_current: true,
    ...overrides,
  };
}

function openSettings(tab: SettingsTab, handlers: Parameters<typeof fakeApi>[0] = {}) {
  const onClose = vi.fn();
  const api = fakeApi({
    'GET /user/get': () => json(userResponse({ phone_prefix: '+48', phone_number: '600100200' })),
    'GET /user/external-provider/list': () =>
      json([{ provider_name: 'google' }, { provider_name: 'system' }]),
    'GET /user/session/list': () =>
      json([
        session({}),
        session({ pk: 'other', browser: 'Firefox', os: 'Windows', is_current: false }),
      ]),
    ...handlers,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/chat',
        element: (
          <EncryptionProvider>
            <SettingsDialog initialTab={tab} onClose={onClose} />
          </EncryptionProvider>
        ),
      },
      { path: '/login', element: <h1>login page</h1> },
      { path: '/chat/:conversationId', element: <h1>conversation page</h1> },
    ],
    { initialEntries: ['/chat'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return { api, router, onClose };
}

function pick(file: File) {
  fireEvent.change(screen.getByTestId('picture-input'), { target: { files: [file] } });
}

describe('settings: your account', () => {
  it('shows the details with a read-only e-mail and saves only valid changes', async () => {
    const { api } = openSettings('account', {
      'PUT /user/update': () => json(userResponse({ name: 'Anne' })),
    });
    const form = await screen.findByTestId('account-details-form');
    expect(within(form).getByTestId('account-email')).toHaveProperty('readOnly', true);
    expect(within(form).getByTestId('account-email')).toHaveProperty('value', 'anna@example.com');
    const save = within(form).getByTestId('account-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(within(form).getByLabelText('Phone number'), { target: { value: '12ab' } });
    expect(
      await within(form).findByText('Enter 9 to 12 digits, or leave the field empty'),
    ).toBeTruthy();
    expect(save.disabled).toBe(true);

    fireEvent.change(within(form).getByLabelText('Phone number'), {
      target: { value: '600100201' },
    });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Anne' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(async () =>
      expect(await sentForms(api, 'PUT /user/update')).toEqual([
        { name: 'Anne', surname: 'Kowalska', phone_prefix: '+48', phone_number: '600100201' },
      ]),
    );
  });

  it('cancel puts back the saved details and picture', async () => {
    openSettings('account');
    const form = await screen.findByTestId('account-details-form');
    const name = within(form).getByLabelText('First name');
    fireEvent.change(name, { target: { value: 'Changed' } });
    pick(new File([PNG_HEADER], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('picture-preview').dataset.state).toBe('picked'));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(name).toHaveProperty('value', 'Anna'));
    expect(screen.getByTestId('picture-preview').dataset.state).toBe('unchanged');
  });

  it('refuses pictures of another type or over 5 MB before sending anything', async () => {
    const { api } = openSettings('account');
    await screen.findByTestId('account-details-form');
    pick(new File(['GIF89a'], 'me.gif', { type: 'image/gif' }));
    expect((await screen.findByTestId('picture-hint')).textContent).toBe('Invalid file type.');
    pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByTestId('picture-hint').textContent).toBe('Files exceed max size!'),
    );
    expect(screen.getByTestId('picture-preview').dataset.state).toBe('unchanged');
    expect(await sentForms(api, 'PUT /user/update')).toEqual([]);
  });

  it('sends a picked picture as the avatar file, and an empty avatar to remove it', async () => {
    const { api } = openSettings('account', {
      'GET /user/get': () =>
        json(userResponse({ avatar_url: 'http://localhost/api/user/avatar/a' })),
      'PUT /user/update': () =>
        json(userResponse({ avatar_url: 'http://localhost/api/user/avatar/b' })),
    });
    const form = await screen.findByTestId('account-details-form');
    pick(new File([PNG_HEADER], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('picture-preview').dataset.state).toBe('picked'));
    fireEvent.click(within(form).getByTestId('account-save'));
    await waitFor(async () => expect(await sentForms(api, 'PUT /user/update')).toHaveLength(1));
    const [sent] = await sentForms(api, 'PUT /user/update');
    // Not `instanceof File`: the parsed form comes from another realm than the test's File.
    expect(typeof sent?.avatar).toBe('object');
    expect((sent?.avatar as Blob).type).toBe('image/png');

    await waitFor(() =>
      expect(screen.getByTestId('picture-preview').dataset.state).toBe('unchanged'),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Remove picture' }));
    expect(screen.getByTestId('picture-preview').dataset.state).toBe('removed');
    fireEvent.click(within(form).getByTestId('account-save'));
    await waitFor(async () => expect(await sentForms(api, 'PUT /user/update')).toHaveLength(2));
    expect((await sentForms(api, 'PUT /user/update'))[1]?.avatar).toBe('');
  });

  it('stays signed in when disconnecting a service outside its scope', async () => {
    openSettings('account', {
      'POST /auth/revoke/google': () => detail('not_in_provider_scope', 400),
    });
    const google = await screen.findByTestId('service-google');
    expect(within(screen.getByTestId('service-system')).queryByRole('button')).toBeNull();
    fireEvent.click(within(google).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(screen.queryByTestId('confirm-action')).toBeNull());
    expect(logout).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(DISCONNECT_SUCCESS_STORAGE_KEY)).toBeNull();
  });

  it('marks a successful disconnect and logs out', async () => {
    const { api } = openSettings('account', { 'POST /auth/revoke/google': ok });
    const google = await screen.findByTestId('service-google');
    fireEvent.click(within(google).getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(await screen.findByTestId('confirm-action'));
    await waitFor(() => expect(logout).toHaveBeenCalledOnce());
    expect(window.localStorage.getItem(DISCONNECT_SUCCESS_STORAGE_KEY)).toBe('google');
    expect(api.mock.calls.length).toBeGreaterThan(0);
  });
});

describe('settings: security', () => {
  it('changes the password after an e-mailed code', async () => {
    const { api } = openSettings('security', {
      'POST /user/send-verification-code': () => json({ status: 'accepted' }, 202),
      'POST /user/change-password': ok,
    });
    fireEvent.click(await screen.findByTestId('change-password-start'));
    const form = await screen.findByTestId('change-password-form');
    expect(await sentBodies(api, 'POST /user/send-verification-code')).toEqual([
      { verification_code_type: 'USER_PASSWORD_CHANGE' },
    ]);
    fireEvent.change(within(form).getByTestId('code-input'), { target: { value: '123 456' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(within(form).getByTestId('change-password-submit'));
    expect(await within(form).findAllByText('Minimum length is 8 characters')).not.toHaveLength(0);
    expect(await sentBodies(api, 'POST /user/change-password')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Password'), {
      target: { value: 'NewPassword1' },
    });
    fireEvent.change(within(form).getByLabelText('Repeat password'), {
      target: { value: 'NewPassword1' },
    });
    fireEvent.click(within(form).getByTestId('change-password-submit'));
    expect(await screen.findByTestId('settings-security')).toBeTruthy();
    expect(await sentBodies(api, 'POST /user/change-password')).toEqual([
      { verification_code: '123456', new_password: 'NewPassword1' },
    ]);
  });

  it('shows a wrong code and keeps the form', async () => {
    openSettings('security', {
      'POST /user/send-verification-code': () => json({ status: 'accepted' }, 202),
      'POST /user/change-password': () => detail('code_invalid'),
    });
    fireEvent.click(await screen.findByTestId('change-password-start'));
    const form = await screen.findByTestId('change-password-form');
    fireEvent.change(within(form).getByTestId('code-input'), { target: { value: '000000' } });
    fireEvent.change(within(form).getByLabelText('Password'), {
      target: { value: 'NewPassword1' },
    });
    fireEvent.change(within(form).getByLabelText('Repeat password'), {
      target: { value: 'NewPassword1' },
    });
    fireEvent.click(within(form).getByTestId('change-password-submit'));
    expect((await within(form).findByTestId('form-error')).textContent).toBe('Invalid code');
  });

  it('deletes the account with the password, the code and the consent', async () => {
    const { api, router, onClose } = openSettings('security', {
      'POST /user/send-verification-code': () => json({ status: 'accepted' }, 202),
      'DELETE /user/delete': ok,
    });
    fireEvent.click(await screen.findByTestId('delete-account-start'));
    const form = await screen.findByTestId('delete-account-form');
    const submit = within(form).getByTestId('delete-account-submit') as HTMLButtonElement;
    fireEvent.change(within(form).getByLabelText('Your password'), {
      target: { value: 'Secret123' },
    });
    fireEvent.change(within(form).getByTestId('code-input'), { target: { value: '654321' } });
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByTestId('delete-account-consent'));
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(onClose).toHaveBeenCalled();
    expect(await sentBodies(api, 'DELETE /user/delete')).toEqual([
      { verification_code: '654321', password: 'Secret123' },
    ]);
  });

  it('lists the devices again when the window comes back, with a sign-in made meanwhile', async () => {
    let signedInElsewhere = false;
    openSettings('security', {
      'GET /user/session/list': () =>
        json([
          session({}),
          ...(signedInElsewhere
            ? [session({ pk: 'phone', browser: 'Safari', os: 'iOS', is_current: false })]
            : []),
        ]),
    });
    expect(await screen.findAllByTestId('device-row')).toHaveLength(1);
    signedInElsewhere = true;
    window.dispatchEvent(new Event('focus'));
    await waitFor(() => expect(screen.getAllByTestId('device-row')).toHaveLength(2));
    expect(screen.getByText('Safari on iOS')).toBeTruthy();
  });

  it("shows a device's last activity, not its sign-in, in the app's date format", async () => {
    // Built in local time, so the expected text holds in any time zone.
    const signedIn = new Date(2026, 10, 20, 9, 0, 0).toISOString();
    const lastActive = new Date(2026, 10, 22, 14, 5, 9).toISOString();
    openSettings('security', {
      'GET /user/session/list': () =>
        json([session({ created_at: signedIn, last_seen_at: lastActive })]),
    });
    const [row] = await screen.findAllByTestId('device-row');
    expect(row!.textContent).toContain('Last active 22.11.2026 14:05:09');
    expect(row!.textContent).not.toContain('20.11.2026');
  });

  it('lists the devices and signs out another one', async () => {
    const { api } = openSettings('security', { 'DELETE /user/session/delete/other': ok });
    const rows = await screen.findAllByTestId('device-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This device')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(within(rows[1]!).getByText('Firefox on Windows')).toBeTruthy();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(
        api.mock.calls.some(([input]) =>
          String(input instanceof Request ? input.url : input).endsWith(
            '/user/session/delete/other',
          ),
        ),
      ).toBe(true),
    );
  });
});

describe('settings: link manager', () => {
  it('sits between security and organizations, and opening a link closes the settings', async () => {
    const link = sharedLink();
    const { router, onClose } = openSettings('linkManager', {
      'GET /conversation/share/list': () => json({ items: [link], next_cursor: null }),
    });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Your account',
      'Security',
      'Shared links',
      'Organizations',
    ]);
    expect(screen.getByRole('tab', { name: 'Shared links' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const panel = screen.getByRole('tabpanel');
    fireEvent.click(await within(panel).findByRole('button', { name: 'Open “Lease question”' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/chat/${link.conversation_pk}`),
    );
    expect(onClose).toHaveBeenCalledOnce();
  });
});
