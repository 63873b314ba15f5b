import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, json, sentBodies } from '../../../test/fake-api';
import { digitBox, encryptionStatus, LOCKED_PIN, renderFlow, typePin } from '../test-data';

const UNLOCK = 'POST /user/unlock-decryption';
const REMOVE = 'DELETE /user/delete-encryption-secrets';

describe('unlock dialog', () => {
  it('says a PIN was wrong, then that attempts must wait, then unlocks', async () => {
    const answers = [
      detail('incorrect_decryption_password'),
      detail('rate_limited', 429, { 'Retry-After': '60' }),
      json({ ...LOCKED_PIN, is_decryption_unlocked: true }),
    ];
    const { api, start } = renderFlow((flows) => flows.unlock(), LOCKED_PIN, {
      [UNLOCK]: () => answers.shift() ?? detail('internal_error', 500),
    });
    start();
    const dialog = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    await within(dialog).findByRole('group', { name: 'Your PIN' });
    const unlock = within(dialog).getByRole('button', { name: 'Unlock' });

    typePin('111111');
    fireEvent.click(unlock);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect PIN');
    // Typed again from the first box.
    expect((digitBox(1) as HTMLInputElement).value).toBe('');

    typePin('222222');
    fireEvent.click(unlock);
    expect(await within(dialog).findByText('Too many attempts. Try again in 60 s.')).toBeTruthy();

    typePin('333333');
    fireEvent.click(unlock);
    expect((await screen.findByTestId('flow-result')).textContent).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await sentBodies(api, UNLOCK)).toEqual([
      { encryption_key: '111111' },
      { encryption_key: '222222' },
      { encryption_key: '333333' },
    ]);
  });

  it('asks for the password when the credential is one', async () => {
    const status = encryptionStatus({
      is_encryption_key_set: true,
      encryption_key_type: 'PASSWORD',
    });
    const { start } = renderFlow((flows) => flows.unlock(), status, {
      [UNLOCK]: () => detail('incorrect_decryption_password'),
    });
    start();
    const dialog = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    const password = await within(dialog).findByLabelText('Encryption password');
    expect(within(dialog).queryByLabelText('Digit 1 of 6')).toBeNull();
    fireEvent.change(password, {
      target: { value: 'wrong one' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText('Incorrect decryption password')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('leads a forgotten PIN to its removal with the encrypted conversations', async () => {
    const { api, start } = renderFlow((flows) => flows.unlock(), LOCKED_PIN, {
      [REMOVE]: () =>
        json(
          encryptionStatus({
            conversations_pending: { to_encrypt: 0, to_decrypt: 0, to_delete: 3 },
          }),
        ),
      'GET /user/encrypted-conversations/count': () => json({ count: 3 }),
    });
    start();
    const unlock = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    fireEvent.click(await within(unlock).findByRole('button', { name: 'Forgot your PIN?' }));
    expect((await screen.findByTestId('flow-result')).textContent).toBe('false');

    const removal = await screen.findByRole('dialog', {
      name: 'Remove the forgotten PIN or password',
    });
    expect(within(removal).getByRole('radio', { name: /Decrypt and keep them/ })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(removal).getByRole('radio', { name: /Delete them/ })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(removal).getByRole('button', { name: 'Continue' }));
    expect(within(removal).getByTestId('encryption-removal-confirmation').textContent).toContain(
      'This cannot be undone.',
    );
    // How many go, counted everywhere (a forgotten PIN reaches every context), and a word typed.
    expect((await within(removal).findByTestId('encryption-removal-count')).textContent).toBe(
      'Conversations that will be deleted: 3, including those written before encryption was turned on: turning it on encrypted them too.',
    );
    const counted = api.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .find((url) => url.pathname.endsWith('/encrypted-conversations/count'));
    expect(counted?.searchParams.get('scope')).toBe('all');
    const confirm = within(removal).getByRole('button', { name: 'Delete encrypted conversations' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(removal).getByLabelText('Type DELETE to confirm'), {
      target: { value: 'delete ' },
    });
    fireEvent.click(confirm);

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const removed = api.mock.calls
      .map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
      .filter((url) => url.pathname === '/api/user/delete-encryption-secrets');
    expect(removed.map((url) => url.searchParams.get('encrypted_conversations_action'))).toEqual([
      'DELETE',
    ]);
  });
});
