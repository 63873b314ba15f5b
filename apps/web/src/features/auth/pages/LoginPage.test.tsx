import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { pendingDestination, rememberDestination } from '../pending-destination';

const shell = { 'GET /user/get': () => json(userResponse()) };

async function signIn(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByTestId('login-form');
  await user.type(within(form).getByLabelText('E-mail'), 'Anna@Example.com');
  await user.type(within(form).getByLabelText('Password'), 'secret');
  await user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('login', () => {
  it('asks for the e-mailed code on a new device, then goes back where the visitor was', async () => {
    // The clock stands still, so the resend countdown does not depend on how fast this runs.
    vi.setSystemTime(new Date('2026-11-24T10:00:00.000Z'));
    const user = userEvent.setup();
    const api = fakeApi({
      ...signedOut,
      ...shell,
      'POST /auth/login': () => json({ status: 'code_required', challenge_token: 'ch-1' }),
      'POST /auth/login/confirm': () => json({ status: 'authenticated', user: authUser() }),
    });
    const { router } = renderRoute('/login?from=%2Fchat%2F42%3Ftab%3Dfiles');
    // Google sign-in is not configured: the loaded page has no Google link.
    await screen.findByTestId('login-form');
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).toBeNull();
    await signIn(user);

    const codeForm = await screen.findByTestId('login-code-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Check your e-mail');
    expect(screen.getByText(/We sent a 6-digit code to anna@example.com/)).toBeTruthy();
    const trust = screen.getByTestId('login-trust-device') as HTMLInputElement;
    expect(trust.checked).toBe(true);
    expect(screen.getByLabelText('Trust this device')).toBe(trust);
    const resend = screen.getByTestId('login-resend-code') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/Send a new code in 60 s/);

    const code = screen.getByTestId('code-input');
    expect(screen.getByLabelText('Verification code')).toBe(code);
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await user.type(code, '123');
    expect(
      await within(codeForm).findByText('The verification code should consist of 6 characters'),
    );
    await user.type(code, ' 456');
    await user.click(trust);
    await user.click(within(codeForm).getByRole('button', { name: 'Verify and sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/42'));
    expect(router.state.location.search).toBe('?tab=files');
    expect(await sentBodies(api, 'POST /auth/login')).toEqual([
      { email: 'anna@example.com', password: 'secret' },
    ]);
    expect(await sentBodies(api, 'POST /auth/login/confirm')).toEqual([
      { challenge_token: 'ch-1', code: '123456', trust_device: false },
    ]);
  });

  it('ignores a `from` that would leave the site', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...signedOut,
      ...shell,
      'POST /auth/login': () => json({ status: 'authenticated', user: authUser() }),
    });
    const { router } = renderRoute('/login?from=%2F%2Fevil.test%2Fphish');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });

  it('shows wrong credentials, and links an account that is not activated to activation', async () => {
    const user = userEvent.setup();
    const replies = [detail('invalid_credentials'), detail('user_is_not_activated', 403)];
    fakeApi({
      ...signedOut,
      'POST /auth/login': () => replies.shift() ?? detail('internal_error'),
    });
    renderRoute('/login');
    await signIn(user);
    expect((await screen.findByTestId('form-error')).textContent).toBe(
      'Incorrect e-mail or password.',
    );

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const link = await within(await screen.findByTestId('form-error')).findByRole('link', {
      name: 'Activate your account',
    });
    expect(link.getAttribute('href')).toBe('/activation?email=anna%40example.com');
  });

  it('explains a wrong or expired code and a rate limit with its wait', async () => {
    const user = userEvent.setup();
    const replies = [
      detail('code_invalid'),
      detail('code_expired'),
      detail('rate_limited', 429, { 'Retry-After': '30' }),
    ];
    fakeApi({
      ...signedOut,
      'POST /auth/login': () => json({ status: 'code_required', challenge_token: 'ch-1' }),
      'POST /auth/login/confirm': () => replies.shift() ?? detail('internal_error'),
    });
    renderRoute('/login');
    await signIn(user);
    await user.type(await screen.findByTestId('code-input'), '000000');
    const verify = screen.getByRole('button', { name: 'Verify and sign in' });
    const messages = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await user.click(verify);
      await waitFor(() => expect(screen.queryByTestId('form-error')).not.toBeNull());
      messages.push(screen.getByTestId('form-error').textContent);
    }
    expect(messages).toEqual([
      'Invalid code',
      'This code has expired. Send a new code and try again.',
      'Too many attempts. Try again in 30 s.',
    ]);
  });

  it('starts again when the sign-in attempt expired, keeping the e-mail', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...signedOut,
      'POST /auth/login': () => json({ status: 'code_required', challenge_token: 'ch-1' }),
      'POST /auth/login/resend': () => detail('code_expired'),
    });
    renderRoute('/login');
    await signIn(user);
    const resend = await screen.findByTestId('login-resend-code');
    // The cooldown reads the clock every second.
    vi.setSystemTime(Date.now() + 61_000);
    await waitFor(() => expect((resend as HTMLButtonElement).disabled).toBe(false));
    await user.click(resend);
    const form = await screen.findByTestId('login-form');
    expect(screen.getByTestId('form-error').textContent).toBe(
      'This sign-in attempt has expired. Sign in again to get a new code.',
    );
    expect((within(form).getByLabelText('E-mail') as HTMLInputElement).value).toBe(
      'anna@example.com',
    );
  });

  it('sends a signed-in visitor on to the chat', async () => {
    fakeApi({ ...shell, 'GET /auth/verify': () => json(authUser()) });
    const { router } = renderRoute('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });

  it('carries an invitation to the sign-up form, and after signing in opens one kept there', async () => {
    const user = userEvent.setup();
    fakeApi({
      ...signedOut,
      ...shell,
      'POST /auth/login': () => json({ status: 'authenticated', user: authUser() }),
    });
    const invitation = '/organizations/invitation?invitation_type=EMAIL&invitation_pk=abc';
    const from = new URLSearchParams({ from: invitation }).toString();
    const { router } = renderRoute(`/login?${from}`);
    await screen.findByTestId('login-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Sign in to answer your invitation',
    );
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      `/register?${from}`,
    );

    // Signing up was started from the invitation, then the visitor signs in here instead.
    rememberDestination(invitation);
    await router.navigate('/login');
    await signIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/organizations/invitation'));
    expect(router.state.location.search).toBe('?invitation_type=EMAIL&invitation_pk=abc');
    expect(pendingDestination()).toBeUndefined();
  });
});
