import { cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderRoute, signedIn, signedOut } from '../../../test/fake-api';
import { CHAT_PAGE_WAIT } from '../../../test/render';

// The pages the Google sign-in comes back to (spec §2: /auth/success, /failure, /cancel).

describe('the sign-in result pages', () => {
  it('go on from a success to the page the visitor asked for, never to another site', async () => {
    fakeApi(signedIn);
    const { router } = renderRoute('/auth/success?from=%2Fbilling%2Fplans');
    await screen.findByTestId('billing-page', {}, CHAT_PAGE_WAIT);
    expect(router.state.location.pathname).toBe('/billing/plans');

    cleanup();
    fakeApi(signedIn);
    const elsewhere = renderRoute('/auth/success?from=https%3A%2F%2Fevil.example%2F');
    await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT);
    expect(elsewhere.router.state.location.pathname).toBe('/chat');
  });

  it('say a success without a session failed, with the way back to sign-in', async () => {
    fakeApi(signedOut);
    const { router } = renderRoute('/auth/success');
    const page = await screen.findByTestId('auth-failure');
    expect(page.textContent).toContain('Sign-in failed');
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign-in' }));
    await screen.findByTestId('login-form');
    expect(router.state.location.pathname).toBe('/login');
  });

  it("name a known failure's reason, and nothing of an unknown or internal one", async () => {
    fakeApi(signedOut);
    renderRoute('/auth/failure?reason=provider_email_not_verified');
    expect((await screen.findByTestId('auth-failure')).textContent).toContain(
      'Your Google account has no verified e-mail address.',
    );
    for (const reason of ['internal_error', 'not-a-code', '<script>']) {
      cleanup();
      fakeApi(signedOut);
      renderRoute(`/auth/failure?reason=${encodeURIComponent(reason)}`);
      const page = await screen.findByTestId('auth-failure');
      expect(page.textContent).toContain('We could not sign you in with Google.');
      expect(page.textContent).not.toContain(reason);
    }
  });

  it('say a cancelled sign-in changed nothing', async () => {
    fakeApi(signedOut);
    renderRoute('/auth/cancel');
    expect((await screen.findByTestId('auth-cancel')).textContent).toContain(
      'You cancelled signing in with Google. Nothing was changed.',
    );
  });
});
