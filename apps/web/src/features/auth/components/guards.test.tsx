import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  authUser,
  detail,
  fakeApi,
  json,
  renderRoute,
  signedOut,
  userResponse,
} from '../../../test/fake-api';
import { CHAT_PAGE_WAIT, calledPaths, requestPath } from '../../../test/render';

const shell = { 'GET /user/get': () => json(userResponse()) };

describe('RequireAuth', () => {
  it('shows a spinner while the session is checked', async () => {
    let answer: ((response: Response) => void) | undefined;
    fakeApi({
      ...shell,
      'GET /auth/verify': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderRoute('/chat');
    await waitFor(() => expect(answer).toBeDefined(), CHAT_PAGE_WAIT);
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByTestId('chat-empty-state')).toBeNull();
    answer?.(json(authUser()));
    expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
  });

  it('sends a visitor without a session to login, remembering the page, in one call', async () => {
    const api = fakeApi(signedOut);
    const { router } = renderRoute('/chat/42?tab=files');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?from=%2Fchat%2F42%3Ftab%3Dfiles');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    // The bootstrap said there is no session: nothing answered 401, nothing was refreshed.
    const calls = calledPaths(api);
    expect(calls).toEqual(['/api/auth/session']);
  });

  it('renews a lapsed session once, then lets the user in', async () => {
    const sessions = [detail('unauthorized', 401)];
    const api = fakeApi({
      ...shell,
      'GET /auth/verify': () => json(authUser()),
      'POST /auth/token/refresh': () => json({ status: 'ok' }),
    });
    const bootstrap = api.getMockImplementation()!;
    api.mockImplementation((input, init) =>
      requestPath(input) === '/api/auth/session' && sessions.length > 0
        ? Promise.resolve(sessions.shift()!)
        : bootstrap(input, init),
    );
    renderRoute('/chat');
    expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    const calls = calledPaths(api);
    expect(calls.slice(0, 3)).toEqual([
      '/api/auth/session',
      '/api/auth/token/refresh',
      '/api/auth/session',
    ]);
    expect(calls).not.toContain('/api/auth/verify');
  });

  it('sends a user without personal details to the questionnaire', async () => {
    fakeApi({
      'GET /auth/verify': () => json(authUser({ has_personal_info_set: false })),
      'GET /user/get': () =>
        json(userResponse({ name: null, surname: null, has_personal_info_set: false })),
      'GET /plan/list': () => json([]),
    });
    const { router } = renderRoute('/chat');
    expect(await screen.findByTestId('questionnaire')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/questionnaire');
  });

  it('offers a retry when the session cannot be checked', async () => {
    const replies = [detail('service_unavailable', 503), json(authUser())];
    fakeApi({ ...shell, 'GET /auth/verify': () => replies.shift() ?? json(authUser()) });
    renderRoute('/chat');
    expect(await screen.findByTestId('session-check-error')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'We could not check your session',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
  });
});

describe('GuestOnly', () => {
  it('lets a visitor without a session register', async () => {
    fakeApi(signedOut);
    renderRoute('/register');
    expect(await screen.findByTestId('register-form')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('sends a signed-in user from registration to the chat', async () => {
    fakeApi({ ...shell, 'GET /auth/verify': () => json(authUser()) });
    const { router } = renderRoute('/register');
    expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
  });
});
