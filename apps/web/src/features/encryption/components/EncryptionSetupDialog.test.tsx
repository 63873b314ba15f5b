import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, json, sentBodies } from '../../../test/fake-api';
import { encryptionStatus, LOCKED_PIN, renderFlow, typeNewPin, typePin } from '../test-data';

const CREATE = 'POST /user/create-encryption-secrets';
const UNLOCK = 'POST /user/unlock-decryption';
const unlocked = (type: 'PIN' | 'PASSWORD') =>
  encryptionStatus({
    is_encryption_key_set: true,
    encryption_key_type: type,
    is_decryption_unlocked: true,
  });

describe('encryption setup dialog', () => {
  it('says a forgotten PIN cannot be recovered and wants it twice alike, six digits', async () => {
    const { api, start } = renderFlow((flows) => flows.setUp(), encryptionStatus(), {
      [CREATE]: () => json(unlocked('PIN')),
    });
    start();
    const dialog = await screen.findByRole('dialog', { name: 'Set up encryption' });
    expect(dialog.textContent).toContain('A forgotten PIN or password cannot be recovered');
    expect(dialog.textContent).toContain('delete your encrypted conversations');
    // It opens without an error, whatever has had the focus.
    fireEvent.blur(within(dialog).getAllByLabelText('Digit 1 of 6')[0]!);
    expect(within(dialog).queryByText('PIN must have 6 digits')).toBeNull();

    typeNewPin('123');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
    expect(await within(dialog).findByText('PIN must have 6 digits')).toBeTruthy();
    typeNewPin('123456', '123465');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
    expect(await within(dialog).findByText('PINs must match')).toBeTruthy();
    typePin('123456', 'Repeat the PIN');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));

    expect((await screen.findByTestId('flow-result')).textContent).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await sentBodies(api, CREATE)).toEqual([
      { encryption_key_type: 'PIN', encryption_key: '123456' },
    ]);
  });

  it('wants the password twice alike, 6 to 32 characters', async () => {
    const { api, start } = renderFlow((flows) => flows.setUp(), encryptionStatus(), {
      [CREATE]: () => json(unlocked('PASSWORD')),
    });
    start();
    const dialog = await screen.findByRole('dialog', { name: 'Set up encryption' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Password' }));
    const password = within(dialog).getByLabelText('Encryption password');
    const repeat = within(dialog).getByLabelText('Repeat the encryption password');
    const submit = within(dialog).getByRole('button', { name: 'Set password' });

    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.change(repeat, { target: { value: 'short' } });
    fireEvent.click(submit);
    expect(
      await within(dialog).findByText('The password must have at least 6 characters'),
    ).toBeTruthy();

    fireEvent.change(password, { target: { value: 'notary-seal-7' } });
    fireEvent.change(repeat, { target: { value: 'notary-seal-8' } });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('Passwords must match')).toBeTruthy();
    expect(await sentBodies(api, CREATE)).toEqual([]);

    fireEvent.change(repeat, { target: { value: 'notary-seal-7' } });
    fireEvent.click(submit);
    expect((await screen.findByTestId('flow-result')).textContent).toBe('true');
    expect(await sentBodies(api, CREATE)).toEqual([
      { encryption_key_type: 'PASSWORD', encryption_key: 'notary-seal-7' },
    ]);
  });

  it('unlocks first when a PIN is replaced in a locked session, then saves again', async () => {
    let creates = 0;
    const { api, start } = renderFlow(
      (flows) => flows.setUp({ change: true, keyType: 'PASSWORD' }),
      LOCKED_PIN,
      {
        [CREATE]: () => {
          creates += 1;
          return creates === 1 ? detail('decryption_locked', 403) : json(unlocked('PASSWORD'));
        },
        [UNLOCK]: () => json({ ...LOCKED_PIN, is_decryption_unlocked: true }),
      },
    );
    start();
    const setup = await screen.findByRole('dialog', { name: 'Change your PIN or password' });
    fireEvent.change(within(setup).getByLabelText('Encryption password'), {
      target: { value: 'new-secret' },
    });
    fireEvent.change(within(setup).getByLabelText('Repeat the encryption password'), {
      target: { value: 'new-secret' },
    });
    fireEvent.click(within(setup).getByRole('button', { name: 'Set password' }));

    const unlock = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    await within(unlock).findByRole('group', { name: 'Your PIN' });
    typePin('246810');
    fireEvent.click(within(unlock).getByRole('button', { name: 'Unlock' }));

    expect((await screen.findByTestId('flow-result')).textContent).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sentBodies(api, UNLOCK)).toEqual([{ encryption_key: '246810' }]);
    expect(creates).toBe(2);
  });
});
