import { FONT_SIZE_STORAGE_KEY, THEME_STORAGE_KEY } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, json, userResponse } from '../../../test/fake-api';
import { CHAT_PAGE_WAIT, renderWithProviders } from '../../../test/render';
import { logout } from '../../../app/session';
import { ShellLayout } from './ShellLayout';

vi.mock('../../../app/session', () => ({
  logout: vi.fn(),
  setSessionEnding: vi.fn(),
  isSessionEnding: () => false,
}));

function renderShell({ desktop }: { desktop: boolean }) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  fakeApi({ 'GET /user/get': () => json(userResponse()) });
  const router = createMemoryRouter(
    [{ Component: ShellLayout, children: [{ path: '/chat', element: <h1>chat</h1> }] }],
    { initialEntries: ['/chat'] },
  );
  return renderWithProviders(<RouterProvider router={router} />);
}

describe('ShellLayout', () => {
  it('shows the sidebar entries on wide screens', () => {
    renderShell({ desktop: true });
    const sidebar = within(screen.getByTestId('sidebar'));
    expect(screen.queryByTestId('mobile-menu-button')).toBeNull();
    expect(sidebar.getByRole('link', { name: 'Conversations' }).getAttribute('aria-current')).toBe(
      'page',
    );
    for (const name of ['Documents', 'Models']) {
      expect(sidebar.getByRole('button', { name }).getAttribute('aria-disabled')).toBe('true');
    }
    expect(sidebar.getByRole('link', { name: 'Billing' }).getAttribute('href')).toBe(
      '/billing/plans',
    );
    for (const name of ['Feedback', 'Settings']) {
      expect(sidebar.getByRole('button', { name }).getAttribute('aria-disabled')).toBeNull();
    }
    expect(sidebar.queryByText('Organizations')).toBeNull();
    expect(
      sidebar.getByRole('button', { name: 'Log out' }).getAttribute('aria-disabled'),
    ).toBeNull();
  });

  it('opens the settings dialog from the sidebar and from the user menu', async () => {
    renderShell({ desktop: true });
    fireEvent.click(
      within(screen.getByTestId('sidebar')).getByRole('button', { name: 'Settings' }),
    );
    // The settings dialog loads on first use, alongside the sidebar's history.
    const dialog = await screen.findByRole('dialog', { name: 'Settings' }, CHAT_PAGE_WAIT);
    expect(within(dialog).getByRole('tab', { name: 'Your account' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Settings' })).toBeNull());

    fireEvent.click(screen.getByTestId('user-menu-button'));
    const menu = await screen.findByRole('dialog', { name: 'Account menu' });
    fireEvent.click(within(menu).getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeTruthy();
  });

  it('opens the sidebar as a drawer on small screens', async () => {
    renderShell({ desktop: false });
    expect(screen.queryByTestId('sidebar')).toBeNull();
    fireEvent.click(screen.getByTestId('mobile-menu-button'));
    expect(await screen.findByTestId('sidebar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    await waitFor(() => expect(screen.queryByTestId('sidebar')).toBeNull());
  });

  it('switches the language from the sidebar entry', async () => {
    renderShell({ desktop: true });
    fireEvent.click(screen.getByRole('button', { name: /Language/ }));
    fireEvent.click(await screen.findByTestId('language-option-pl'));
    await waitFor(() => expect(document.documentElement.lang).toBe('pl'));
    expect(screen.getByRole('link', { name: 'Rozmowy' })).toBeTruthy();
  });
});

describe('user menu', () => {
  it("shows the user's name and initials", async () => {
    renderShell({ desktop: true });
    const button = screen.getByTestId('user-menu-button');
    await waitFor(() => expect(button.textContent).toContain('Anna Kowalska'));
    expect(button.textContent).toContain('AK');
  });

  it('logs out from the menu and from the sidebar', async () => {
    renderShell({ desktop: true });
    fireEvent.click(screen.getByTestId('user-menu-button'));
    const menu = await screen.findByRole('dialog', { name: 'Account menu' });
    fireEvent.click(within(menu).getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledOnce();
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(within(screen.getByTestId('sidebar')).getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledTimes(2);
  });

  it('toggles the theme and remembers it', async () => {
    renderShell({ desktop: true });
    fireEvent.click(screen.getByTestId('user-menu-button'));
    const toggle = await screen.findByTestId('theme-toggle');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    expect(document.body.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByTestId('theme-toggle').getAttribute('aria-checked')).toBe('true');
  });

  it('changes the font size in steps within the limits', async () => {
    renderShell({ desktop: true });
    fireEvent.click(screen.getByTestId('user-menu-button'));
    const value = await screen.findByTestId('font-size-value');
    const increase = screen.getByTestId('font-size-increase') as HTMLButtonElement;
    const decrease = screen.getByTestId('font-size-decrease') as HTMLButtonElement;
    expect(value.textContent).toBe('100%');

    fireEvent.click(increase);
    expect(value.textContent).toBe('110%');
    expect(document.documentElement.style.fontSize).toBe('110%');
    expect(window.localStorage.getItem(FONT_SIZE_STORAGE_KEY)).toBe('110');

    for (let step = 0; step < 4; step += 1) fireEvent.click(decrease);
    expect(value.textContent).toBe('80%');
    expect(decrease.disabled).toBe(true);
    expect(increase.disabled).toBe(false);
  });

  it('lists the languages with the current one checked', async () => {
    renderShell({ desktop: true });
    fireEvent.click(screen.getByTestId('user-menu-button'));
    const english = await screen.findByTestId('language-option-en');
    expect(english.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('language-option-pl'));
    await waitFor(() => expect(document.documentElement.lang).toBe('pl'));
    expect(screen.getByTestId('language-option-pl').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('Ciemny motyw')).toBeTruthy();
  });
});
