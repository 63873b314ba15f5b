import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, fakeApi, json, renderRoute, sentBodies } from '../../../test/fake-api';

function fillPasswords(form: HTMLElement, password: string) {
  fireEvent.change(within(form).getByLabelText('Password'), { target: { value: password } });
  fireEvent.change(within(form).getByLabelText('Repeat password'), {
    target: { value: password },
  });
}

describe('password reset', () => {
  it('says clearly when the link is invalid or expired and offers a new one', async () => {
    fakeApi({ 'GET /auth/password-reset/verify/old-token': () => detail('reset_link_invalid') });
    const { router } = renderRoute('/reset-password/old-token');
    const page = await screen.findByTestId('reset-password-invalid');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(
      'This link is invalid or has expired',
    );
    expect(screen.queryByTestId('reset-password-form')).toBeNull();
    fireEvent.click(within(page).getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByTestId('reset-request-form')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/send-reset-password-link');
  });

  it('sets the new password of a valid link and says every session ended', async () => {
    const api = fakeApi({
      'GET /auth/password-reset/verify/tok-1': () => json({ status: 'ok' }),
      'POST /auth/password-reset/confirm': () => json({ status: 'ok' }),
    });
    renderRoute('/reset-password/tok-1');
    expect(await screen.findByText('Checking your link…')).toBeTruthy();
    const form = await screen.findByTestId('reset-password-form');
    fillPasswords(form, 'New-password1');
    fireEvent.click(within(form).getByRole('button', { name: 'Set new password' }));

    const done = await screen.findByTestId('reset-password-done');
    expect(done.textContent).toContain('You were signed out everywhere');
    expect(within(done).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await sentBodies(api, 'POST /auth/password-reset/confirm')).toEqual([
      { token: 'tok-1', password: 'New-password1', password_confirmation: 'New-password1' },
    ]);
  });

  it('shows the invalid state when the link stops working before the form is sent', async () => {
    fakeApi({
      'GET /auth/password-reset/verify/tok-2': () => json({ status: 'ok' }),
      'POST /auth/password-reset/confirm': () => detail('reset_link_invalid'),
    });
    renderRoute('/reset-password/tok-2');
    const form = await screen.findByTestId('reset-password-form');
    fillPasswords(form, 'New-password1');
    fireEvent.click(within(form).getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.queryByTestId('reset-password-invalid')).not.toBeNull());
  });

  it('confirms a reset request without saying whether the account exists', async () => {
    const api = fakeApi({
      'POST /auth/password-reset/request': () => json({ status: 'accepted' }, 202),
    });
    renderRoute('/send-reset-password-link');
    const form = await screen.findByTestId('reset-request-form');
    fireEvent.change(within(form).getByLabelText('E-mail'), {
      target: { value: 'anna@example.com' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send link' }));
    const success = await screen.findByTestId('reset-request-success');
    expect(success.textContent).toContain(
      'If an account exists for anna@example.com, we sent it a link',
    );
    expect(success.textContent).toContain('valid for one hour');
    expect(await sentBodies(api, 'POST /auth/password-reset/request')).toEqual([
      { email: 'anna@example.com', language: 'en' },
    ]);
  });
});
