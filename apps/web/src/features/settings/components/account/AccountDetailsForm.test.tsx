import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, fakeApi, json, userResponse } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { AccountDetailsForm } from './AccountDetailsForm';

/** The notistack container a toast sits in: one per corner, placed by its own styles. */
function toastPosition(message: HTMLElement) {
  const container = message.closest<HTMLElement>('.notistack-SnackbarContainer');
  expect(container, 'the toast sits in a notistack container').not.toBeNull();
  const style = getComputedStyle(container!);
  return {
    top: style.top !== '' && style.top !== 'auto',
    bottom: style.bottom !== '' && style.bottom !== 'auto',
    centred: style.left === '50%' && style.transform === 'translateX(-50%)',
  };
}

async function changeFirstNameAndSave(name: string) {
  const form = await screen.findByTestId('account-details-form');
  fireEvent.change(within(form).getByLabelText('First name'), { target: { value: name } });
  const save = within(form).getByTestId('account-save') as HTMLButtonElement;
  await waitFor(() => expect(save.disabled).toBe(false));
  fireEvent.click(save);
}

describe('settings: saving the account (spec §8 toasts)', () => {
  it('says the details were saved, in the default corner', async () => {
    fakeApi({ 'PUT /user/update': () => json(userResponse({ name: 'Anne' })) });
    renderWithProviders(<AccountDetailsForm user={userResponse()} />);
    await changeFirstNameAndSave('Anne');

    const toast = await screen.findByText('Your account details were saved.');
    expect(toastPosition(toast)).toEqual({ top: false, bottom: true, centred: false });
    expect(screen.queryByText(/Your account details could not be saved\./)).toBeNull();
  });

  it('says a failed save failed, with the reason, at the top centre', async () => {
    fakeApi({ 'PUT /user/update': () => detail('invalid_file_type') });
    renderWithProviders(<AccountDetailsForm user={userResponse()} />);
    await changeFirstNameAndSave('Anne');

    const toast = await screen.findByText(
      'Your account details could not be saved. Invalid file type.',
    );
    expect(toastPosition(toast)).toEqual({ top: true, bottom: false, centred: true });
    expect(screen.queryByText('Your account details were saved.')).toBeNull();
    // The form keeps what was typed, so the user can try again.
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Anne');
  });
});
