import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  authUser,
  fakeApi,
  json,
  renderRoute,
  signedOut,
  userResponse,
} from '../../../test/fake-api';
import { CHAT_PAGE_WAIT, maintenanceStatus } from '../../../test/render';

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const scheduled = () =>
  json(
    maintenanceStatus({
      maintenance_start_time: inHours(24),
      maintenance_end_time: inHours(26),
      message: { en: 'Planned upgrade', pl: 'Planowana aktualizacja' },
    }),
  );

describe('the maintenance banner outside the shell', () => {
  it.each(['/login', '/register', '/send-reset-password-link', '/terms'])(
    'announces a scheduled window on %s until dismissed',
    async (path) => {
      fakeApi({ ...signedOut, 'GET /maintenance/status': scheduled });
      renderRoute(path);
      const banner = await screen.findByTestId('maintenance-banner');
      expect(banner.textContent).toContain('Planned upgrade');
      fireEvent.click(screen.getByTestId('maintenance-banner-dismiss'));
      expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    },
  );

  it('shows only with a window, and once, in the shell as on the login page', async () => {
    fakeApi(signedOut);
    const quiet = renderRoute('/login');
    await screen.findByTestId('login-form');
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    quiet.unmount();

    fakeApi({ ...signedOut, 'GET /maintenance/status': scheduled });
    const login = renderRoute('/login');
    await screen.findByTestId('maintenance-banner');
    expect(screen.getAllByTestId('maintenance-banner')).toHaveLength(1);
    login.unmount();

    fakeApi({
      'GET /auth/verify': () => json(authUser()),
      'GET /user/get': () => json(userResponse()),
      'GET /maintenance/status': scheduled,
    });
    renderRoute('/chat');
    await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT);
    await waitFor(() => expect(screen.getAllByTestId('maintenance-banner')).toHaveLength(1));
  });
});
