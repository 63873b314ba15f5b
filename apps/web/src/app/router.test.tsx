import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SECRET, sharedConversation } from '../features/sharing/test-data';
import { detail, fakeApi, json, signedIn, signedOut } from '../test/fake-api';
import { renderWithProviders, CHAT_PAGE_WAIT } from '../test/render';
import { deferredPage } from './deferred-page';
import { i18n } from './i18n';
import { reportError } from './reporting';
import { routes } from './router';

vi.mock('./reporting', () => ({ reportError: vi.fn(() => Promise.resolve()) }));

function renderRoutes(path: string, routeTable: RouteObject[] = routes) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  it('redirects the root to the chat, inside the shell', async () => {
    fakeApi(signedIn);
    const router = renderRoutes('/');
    expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'How can I help with your legal question?',
    );
  });

  it('renders the chat for a conversation id', async () => {
    fakeApi(signedIn);
    renderRoutes('/chat/0b6f3c');
    expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
  });

  it('shows the not-found page for unknown paths, with a way back to the chat', async () => {
    fakeApi(signedIn);
    const router = renderRoutes('/no/such/page');
    const page = await screen.findByTestId('not-found-page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page not found');
    fireEvent.click(screen.getByRole('link', { name: 'Back to chat' }));
    expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat');
    expect(page.isConnected).toBe(false);
  });

  it('shows a shared conversation inside the shell, before the chat route', async () => {
    fakeApi({
      ...signedIn,
      [`GET /conversation/share/verify/${SECRET}`]: () => json(sharedConversation()),
      [`GET /conversation/share/list-messages/${SECRET}`]: () =>
        json({ items: [], has_more: false }),
    });
    renderRoutes(`/chat/share/${SECRET}`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lease question' }, CHAT_PAGE_WAIT),
    ).toBeTruthy();
    expect(screen.getByRole('main').contains(screen.getByTestId('shared-conversation'))).toBe(true);
    expect(screen.queryByTestId('chat-page')).toBeNull();
  });

  it('shows a link that does not open as no longer available, in the shell with one main landmark', async () => {
    fakeApi(signedIn);
    renderRoutes('/chat/share/unknown');
    expect(await screen.findByTestId('shared-link-unavailable', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'This link is no longer available',
    );
  });

  it('shows Documents and Models, named in the sidebar, as not enabled yet inside the shell', async () => {
    fakeApi(signedIn);
    for (const [path, name] of [
      ['/documents', 'Documents'],
      ['/models', 'Models'],
    ] as const) {
      const router = renderRoutes(path);
      expect(await screen.findByTestId('not-enabled-page', {}, CHAT_PAGE_WAIT)).toBeTruthy();
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
        `${name}: not enabled yet`,
      );
      expect(screen.queryByTestId('not-found-page')).toBeNull();
      fireEvent.click(screen.getByRole('link', { name: 'Back to chat' }));
      expect(await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/chat');
      cleanup();
    }
  });

  it('opens billing on its plans tab and the payment page, inside the shell', async () => {
    fakeApi({
      ...signedIn,
      'GET /plan/list': () => json([]),
      'GET /billing/subscription': () => detail('internal_error', 500),
    });
    const router = renderRoutes('/billing');
    expect(await screen.findByTestId('billing-page', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/billing/plans');
    expect(screen.getByRole('main').contains(screen.getByTestId('billing-page'))).toBe(true);

    await router.navigate('/billing/receipts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing/plans'));
    await router.navigate('/payment?plan=p&period=monthly');
    expect(await screen.findByTestId('payment-page', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment');
  });

  it('sends a guest opening a shared link to login, remembering the link', async () => {
    fakeApi(signedOut);
    const router = renderRoutes(`/chat/share/${SECRET}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(
      `/chat/share/${SECRET}`,
    );
  });

  it('shows the translated error screen on a routing error and reports it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await i18n.changeLanguage('pl');
    const failure = new Error('render failed');
    const Broken = () => {
      throw failure;
    };
    const [root] = routes;
    renderRoutes('/broken', [
      {
        path: '/',
        errorElement: root?.errorElement,
        children: [{ path: 'broken', Component: Broken }],
      },
    ]);
    expect(await screen.findByTestId('route-error-page')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Nieoczekiwany błąd aplikacji!',
    );
    expect(reportError).toHaveBeenCalledWith(failure, { during: 'routing' });
  });

  it('shows the error screen when a page shown before its code fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('chunk failed');
    const [root] = routes;
    renderRoutes('/late', [
      {
        path: '/',
        errorElement: root?.errorElement,
        children: [{ path: 'late', Component: deferredPage(() => Promise.reject(failure)) }],
      },
    ]);
    expect(await screen.findByTestId('route-error-page')).toBeTruthy();
    expect(reportError).toHaveBeenCalledWith(failure, { during: 'routing' });
  });

  it('shows a page whose code came once at once the next time', async () => {
    const load = vi.fn(() => Promise.resolve(() => <p>Late page</p>));
    const Late = deferredPage(load);
    const first = render(<Late />);
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(await screen.findByText('Late page')).toBeTruthy();
    first.unmount();
    render(<Late />);
    expect(screen.getByText('Late page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("titles the error screen 'Unexpected Application Error!' in English", () => {
    expect(i18n.getFixedT('en')('routeError.title')).toBe('Unexpected Application Error!');
  });
});
