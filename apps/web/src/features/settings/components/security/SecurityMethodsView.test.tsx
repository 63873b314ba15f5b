import type { EncryptionStatus, Membership, Organization } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { detail, fakeApi, json, sentBodies, userResponse } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { EncryptionProvider } from '../../../encryption';
import { encryptionStatus, LOCKED_PIN, typeNewPin, typePin } from '../../../encryption/test-data';
import type { SettingsTab } from '../../settings-tabs';
import { SettingsDialog } from '../SettingsDialog';

const ENABLE = 'POST /user/enable-encryption';
const DISABLE = 'POST /user/disable-encryption';

function openSettings(
  tab: SettingsTab,
  me: () => EncryptionStatus,
  handlers: Parameters<typeof fakeApi>[0] = {},
) {
  const api = fakeApi({
    'GET /user/get': () => json(userResponse({ encryption: me() })),
    'GET /user/session/list': () => json([]),
    ...handlers,
  });
  const router = createMemoryRouter(
    [
      {
        path: '/chat',
        element: (
          <EncryptionProvider>
            <SettingsDialog initialTab={tab} onClose={vi.fn()} />
          </EncryptionProvider>
        ),
      },
    ],
    { initialEntries: ['/chat'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return api;
}

/** Calls made to one endpoint (these have no body to read). */
function calls(api: ReturnType<typeof fakeApi>, key: string) {
  const [method, path] = key.split(' ');
  return api.mock.calls
    .map(([input, init]) => (input instanceof Request ? input : new Request(input, init)))
    .filter(
      (request) => request.method === method && new URL(request.url).pathname === `/api${path}`,
    ).length;
}

async function openMethods() {
  fireEvent.click(await screen.findByTestId('security-methods-start'));
  return screen.findByTestId('security-methods');
}

const switchOf = (view: HTMLElement) =>
  within(view).getByRole('switch', { name: 'Encrypt conversations in my individual profile' });

describe('settings: security methods', () => {
  it('sets up a PIN when encryption is turned on without one, then turns it on', async () => {
    let status = encryptionStatus();
    const api = openSettings('security', () => status, {
      [ENABLE]: () => {
        if (!status.is_encryption_key_set) return detail('encryption_key_missing');
        status = { ...status, is_encryption_enabled: true };
        return json(status);
      },
      'POST /user/create-encryption-secrets': () => {
        status = { ...status, is_encryption_key_set: true, encryption_key_type: 'PIN' };
        return json({ ...status, is_decryption_unlocked: true });
      },
    });
    const view = await openMethods();
    expect(within(view).getByText('No PIN or password is set yet.')).toBeTruthy();
    // What encryption does not reach: copies made while a conversation was plain.
    expect(within(view).getByText(/copies the operator made before/)).toBeTruthy();
    fireEvent.click(switchOf(view));

    const dialog = await screen.findByRole('dialog', { name: 'Set up encryption' });
    typeNewPin('404040');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));

    await waitFor(() => expect(switchOf(view)).toHaveProperty('checked', true));
    expect(calls(api, ENABLE)).toBe(2);
    expect(within(view).getByText('Your conversations are protected by a PIN.')).toBeTruthy();
    expect(within(view).getByRole('button', { name: 'Use a password instead' })).toBeTruthy();
  });

  it('says when the plan has no encryption', async () => {
    openSettings('security', () => ({ ...LOCKED_PIN, is_encryption_enabled: false }), {
      [ENABLE]: () => detail('not_encrypted_user_product'),
    });
    const view = await openMethods();
    fireEvent.click(switchOf(view));
    expect((await within(view).findByRole('alert')).textContent).toBe(
      'This product is not encrypted',
    );
  });

  it('turns encryption off keeping the conversations decrypted, unlocking first', async () => {
    let status: EncryptionStatus = LOCKED_PIN;
    let reads = 0;
    const api = openSettings(
      'security',
      () => {
        // The job has finished by the second read after the switch.
        if (status.conversations_pending && (reads += 1) > 1) {
          status = { ...status, conversations_pending: null };
        }
        return status;
      },
      {
        [DISABLE]: () => {
          if (!status.is_decryption_unlocked) return detail('decryption_locked', 403);
          status = {
            ...status,
            is_encryption_enabled: false,
            conversations_pending: { to_encrypt: 0, to_decrypt: 2, to_delete: 0 },
          };
          return json(status);
        },
        'POST /user/unlock-decryption': () => {
          status = { ...status, is_decryption_unlocked: true };
          return json(status);
        },
      },
    );
    const view = await openMethods();
    expect(within(view).getByTestId('encryption-lock-state').textContent).toContain('Locked');
    fireEvent.click(switchOf(view));

    const removal = await screen.findByRole('dialog', { name: 'Turn off encryption' });
    fireEvent.click(within(removal).getByRole('radio', { name: /Decrypt and keep them/ }));
    fireEvent.click(within(removal).getByRole('button', { name: 'Continue' }));
    fireEvent.click(within(removal).getByRole('button', { name: 'Turn off encryption' }));

    const unlock = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    await within(unlock).findByRole('group', { name: 'Your PIN' });
    typePin('808080');
    fireEvent.click(within(unlock).getByRole('button', { name: 'Unlock' }));

    expect((await within(view).findByTestId('encryption-progress')).textContent).toBe(
      'Decrypting your conversations: 2 left',
    );
    expect(switchOf(view)).toHaveProperty('checked', false);
    expect(await sentBodies(api, DISABLE)).toEqual([
      { encrypted_conversations_action: 'DECRYPT' },
      { encrypted_conversations_action: 'DECRYPT' },
    ]);
    // Polled until the job is done.
    await waitFor(() => expect(within(view).queryByTestId('encryption-progress')).toBeNull());
    expect(await screen.findByText('Your conversations are decrypted.')).toBeTruthy();
  });
});

function membership(overrides: Partial<Membership> & { name: string }): Membership {
  const organization: Organization = {
    pk: `org-${overrides.name}`,
    name: overrides.name,
    avatar_url: null,
    co_members_count: 3,
    role: 'MEMBER',
    setting_visibility: { invitation_panel_visible: false, settings_panel_visible: false },
    is_encryption_forced: overrides.is_encryption_forced ?? false,
    is_sharing_outside_allowed: false,
    is_export_allowed: true,
    allowed_models: null,
  };
  return {
    pk: `m-${overrides.name}`,
    organization,
    role: 'MEMBER',
    is_encryption_enabled: false,
    is_encryption_forced: false,
    ...overrides,
  };
}

describe('settings: encryption per organization', () => {
  it('turns a membership on, and cannot turn a forced one off', async () => {
    let enabled = false;
    const api = openSettings('organizationSecurity', () => LOCKED_PIN, {
      'GET /organization/membership/user-list': () =>
        json([
          membership({ name: 'Nowak', is_encryption_enabled: enabled }),
          membership({ name: 'Lex', is_encryption_enabled: true, is_encryption_forced: true }),
        ]),
      'POST /organization/membership/enable-encryption/m-Nowak': () => {
        enabled = true;
        return json(membership({ name: 'Nowak', is_encryption_enabled: true }));
      },
    });
    const forced = await screen.findByRole('switch', { name: 'Encrypt my conversations in Lex' });
    expect(forced).toHaveProperty('disabled', true);
    expect(forced).toHaveProperty('checked', true);
    expect(screen.getByText('Lex requires encryption, so it cannot be turned off.')).toBeTruthy();

    const own = screen.getByRole('switch', { name: 'Encrypt my conversations in Nowak' });
    fireEvent.click(own);
    await waitFor(() => expect(own).toHaveProperty('checked', true));
    expect(calls(api, 'POST /organization/membership/enable-encryption/m-Nowak')).toBe(1);
  });
});
