import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, renderRoute, sentBodies, signedOut } from '../../../test/fake-api';
import { pendingDestination } from '../pending-destination';

async function openRegister(path = '/register') {
  const user = userEvent.setup();
  const api = fakeApi({
    ...signedOut,
    'POST /auth/register': () => json({ email: 'anna@example.com' }, 201),
  });
  const { router } = renderRoute(path);
  const form = await screen.findByTestId('register-form');
  const field = (label: string) => within(form).getByLabelText(label) as HTMLInputElement;
  return { user, api, router, form, field };
}

const rules = () =>
  Object.fromEntries(
    within(screen.getByTestId('password-rules'))
      .getAllByRole('listitem')
      .map((item) => [item.textContent?.replace(/ \(.*\)$/, ''), item.dataset.met === 'true']),
  );

describe('registration', () => {
  it('explains each password rule as the user types', async () => {
    const { field } = await openRegister();
    const password = field('Password');
    const message = () => document.getElementById(`${password.id}-helper-text`)?.textContent;
    expect(password.getAttribute('aria-describedby')).toContain(
      screen.getByTestId('password-rules').id,
    );

    const cases: [string, string][] = [
      ['short', 'Minimum length is 8 characters'],
      ['a'.repeat(51), 'Maximum length is 50 characters'],
      ['lowercase1', 'Use at least one uppercase and one lowercase letter'],
      ['NoDigitsHere', 'Use at least one number or special character'],
      ['Spaces are 1', 'Use only letters, numbers and these special characters:'],
    ];
    for (const [typed, expected] of cases) {
      fireEvent.change(password, { target: { value: typed } });
      await waitFor(() => expect(message()).toContain(expected));
    }
    fireEvent.change(password, { target: { value: 'Correct-horse1' } });
    await waitFor(() => expect(message()).toBeUndefined());
    expect(rules()).toEqual({
      '8 to 50 characters': true,
      'An uppercase and a lowercase letter': true,
      'A number or a special character': true,
      'Only letters, numbers and special characters': true,
    });
  });

  it('checks the e-mail, the repeat and the terms before sending', async () => {
    const { user, api, form, field } = await openRegister();
    await user.type(field('E-mail'), 'not-an-email');
    await user.type(field('Password'), 'Correct-horse1');
    await user.type(field('Repeat password'), 'Correct-horse2');
    await user.click(within(form).getByRole('button', { name: 'Create account' }));

    expect(await within(form).findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(within(form).getByText('You must accept the terms of use and the privacy policy'));
    const terms = screen.getByTestId('register-terms');
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(
      api.mock.calls.some(([request]) => String((request as Request).url).includes('register')),
    ).toBe(false);

    await user.click(terms);
    await user.clear(field('Repeat password'));
    await user.type(field('Repeat password'), 'Correct-horse3');
    expect(await within(form).findByText('Passwords must match')).toBeTruthy();
  });

  it('names the terms date, registers and asks for the code', async () => {
    const { user, api, router, form, field } = await openRegister(
      '/register?email=anna%40example.com',
    );
    expect(field('E-mail').value).toBe('anna@example.com');
    expect(
      screen.getByLabelText(
        'I accept the terms of use (opens in a new tab) and the privacy policy (opens in a new tab) of 19.05.2025',
      ),
    ).toBe(screen.getByTestId('register-terms'));

    await user.type(field('Password'), 'Correct-horse1');
    await user.type(field('Repeat password'), 'Correct-horse1');
    await user.click(screen.getByTestId('register-terms'));
    await user.click(within(form).getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register/confirmation'));
    expect(router.state.location.search).toBe('?email=anna%40example.com');
    expect(await screen.findByTestId('confirmation-form')).toBeTruthy();
    expect(await sentBodies(api, 'POST /auth/register')).toEqual([
      {
        email: 'anna@example.com',
        password: 'Correct-horse1',
        password_confirmation: 'Correct-horse1',
        terms_accepted: true,
        language: 'en',
      },
    ]);
  });

  it('links the terms and the privacy policy from the checkbox, in a new tab', async () => {
    const { form } = await openRegister();
    const links = {
      terms: within(form).getByRole('link', { name: 'terms of use (opens in a new tab)' }),
      privacy: within(form).getByRole('link', { name: 'privacy policy (opens in a new tab)' }),
    };
    expect(links.terms.getAttribute('href')).toBe('/terms');
    expect(links.privacy.getAttribute('href')).toBe('/privacy');
    for (const link of Object.values(links)) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('goes on to the code step whether or not the address has an account', async () => {
    const { user, field, form, router } = await openRegister();
    await user.type(field('E-mail'), 'anna@example.com');
    await user.type(field('Password'), 'Correct-horse1');
    await user.type(field('Repeat password'), 'Correct-horse1');
    await user.click(screen.getByTestId('register-terms'));
    await user.click(within(form).getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register/confirmation'));
    const page = await screen.findByTestId('confirmation-form');
    expect(page).toBeTruthy();
    expect(
      screen.getByText(
        /We sent a 6-digit code to anna@example.com\..*If this address already has an account, we e-mailed it how to sign in instead\./,
      ),
    ).toBeTruthy();
  });
});

describe('registration from an invitation or a shared link', () => {
  it('says what the account is for, keeps the invitation and signs in back to it', async () => {
    const invitation = '/organizations/invitation?invitation_type=EMAIL&invitation_pk=abc';
    const query = new URLSearchParams({ email: 'anna@example.com', from: invitation });
    const { field } = await openRegister(`/register?${query.toString()}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Create your account to answer the invitation',
    );
    expect(field('E-mail').value).toBe('anna@example.com');
    expect(pendingDestination()).toBe(invitation);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/login?${new URLSearchParams({ from: invitation }).toString()}`,
    );
  });

  it('keeps a shared link under the usual headline', async () => {
    await openRegister(`/register?from=${encodeURIComponent('/chat/share/k3y')}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create your account');
    expect(pendingDestination()).toBe('/chat/share/k3y');
  });
});
