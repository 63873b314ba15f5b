import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  authUser,
  detail,
  fakeApi,
  json,
  renderRoute,
  sentBodies,
  signedOut,
  userResponse,
} from '../../../test/fake-api';

const activated = () =>
  json({ status: 'authenticated', user: authUser({ has_personal_info_set: false }) });

describe('activation', () => {
  it('confirms the e-mailed code after registration and signs the user in', async () => {
    const api = fakeApi({
      ...signedOut,
      'POST /auth/activate': activated,
      'GET /user/get': () => json(userResponse({ name: null, surname: null })),
    });
    const { router } = renderRoute('/register/confirmation?email=anna%40example.com');
    const form = await screen.findByTestId('confirmation-form');
    expect(screen.getByText(/We sent a 6-digit code to anna@example.com/)).toBeTruthy();
    expect(within(form).queryByLabelText('E-mail')).toBeNull();
    const resend = within(form).getByRole('button', { name: /Send a new code in/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Activate account' }));

    const page = await screen.findByTestId('activated-page');
    expect(router.state.location.pathname).toBe('/activation/activated');
    expect(await sentBodies(api, 'POST /auth/activate')).toEqual([
      { email: 'anna@example.com', code: '123456' },
    ]);
    fireEvent.click(within(page).getByTestId('activated-continue'));
    expect(await screen.findByTestId('questionnaire-details-form')).toBeTruthy();
  });

  it('lets someone coming back later send a new code and activate', async () => {
    const api = fakeApi({
      'POST /auth/activation/resend': () => json({ status: 'accepted' }, 202),
      'POST /auth/activate': () => detail('code_expired'),
    });
    renderRoute('/activation?email=anna%40example.com');
    const form = await screen.findByTestId('activation-form');
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe(
      'anna@example.com',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Send a new code' }));
    expect(await within(form).findByText('We sent you a new code.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: /Send a new code in/ })).toBeTruthy();
    expect(await sentBodies(api, 'POST /auth/activation/resend')).toEqual([
      { email: 'anna@example.com', language: 'en' },
    ]);

    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Activate account' }));
    await waitFor(() =>
      expect(screen.getByTestId('form-error').textContent).toBe(
        'This code has expired. Send a new code and try again.',
      ),
    );
  });

  it('waits as long as the server asks before another code can be sent', async () => {
    fakeApi({
      'POST /auth/activation/resend': () => detail('rate_limited', 429, { 'Retry-After': '42' }),
    });
    renderRoute('/activation?email=anna%40example.com');
    const form = await screen.findByTestId('activation-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Send a new code' }));
    // The button says how long, rather than an error of "too many attempts".
    expect(
      await within(form).findByRole('button', { name: /Send a new code in (42|41) s/ }),
    ).toBeTruthy();
    expect(within(form).queryByTestId('form-error')).toBeNull();
  });
});
