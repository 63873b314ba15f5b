import type { EncryptionStatus } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it, vi } from 'vitest';
import { takeNoticeAfterReload } from '../../../app/notice-after-reload';
import { authUser, fakeApi, json, userResponse } from '../../../test/fake-api';
import { stubWebSocket } from '../../../test/fake-socket';
import { CHAT_PAGE_WAIT, renderWithProviders } from '../../../test/render';
import { conversation, CONVERSATION } from '../../chat/test-data';
import { encryptionStatus, LOCKED_PIN } from '../../encryption/test-data';
import { restartTab } from '../../encryption/restart-tab';
import { ShellLayout } from './ShellLayout';

vi.mock('../../encryption/restart-tab', () => ({ restartTab: vi.fn() }));

/** How many times the tab asked to lock the session. */
const lockCalls = (api: ReturnType<typeof fakeApi>) =>
  api.mock.calls.filter(([input]) => {
    const request = input instanceof Request ? input : new Request(String(input));
    return request.method === 'POST' && request.url.endsWith('/user/lock-decryption');
  }).length;

const UNLOCKED_PIN = { ...LOCKED_PIN, is_decryption_unlocked: true };
const LOCK = 'Lock encrypted conversations';

/** The shell, the session's encryption as `status` until it is locked. */
function renderShell({ desktop, status }: { desktop: boolean; status: EncryptionStatus }) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: desktop,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  stubWebSocket();
  let current = status;
  const api = fakeApi({
    'GET /auth/verify': () => json(authUser()),
    'GET /user/get': () => json(userResponse({ encryption: current })),
    'GET /conversation/list': () =>
      json({
        items: [
          conversation({
            pk: CONVERSATION,
            name: current.is_decryption_unlocked ? 'Notarial deed' : '',
            is_encrypted: true,
            is_locked: !current.is_decryption_unlocked,
          }),
        ],
        next_cursor: null,
      }),
    'POST /user/lock-decryption': () => {
      current = { ...current, is_decryption_unlocked: false };
      return json(current);
    },
  });
  const router = createMemoryRouter(
    [{ Component: ShellLayout, children: [{ path: '/chat', element: <h1>chat</h1> }] }],
    { initialEntries: ['/chat'] },
  );
  // Every history row measured, as in a browser.
  renderWithProviders(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 4000, itemHeight: 80 }}>
      <RouterProvider router={router} />
    </VirtuosoMockContext.Provider>,
  );
  return { api };
}

describe('shell header: the unlocked session', () => {
  it('says the session is unlocked, and locking it returns to the locked state', async () => {
    const { api } = renderShell({ desktop: true, status: UNLOCKED_PIN });
    const sidebar = within(screen.getByTestId('sidebar'));
    const lock = await sidebar.findByRole('button', { name: LOCK });
    expect(lock.textContent).toBe('Lock');
    expect(
      await sidebar.findByRole('link', { name: 'Notarial deed' }, CHAT_PAGE_WAIT),
    ).toBeTruthy();

    fireEvent.click(lock);

    await waitFor(() => expect(sidebar.queryByRole('button', { name: LOCK })).toBeNull());
    expect(lockCalls(api)).toBe(1);
    // Nothing read while unlocked stays in the tab: it starts again, saying why.
    expect(restartTab).toHaveBeenCalledTimes(1);
    expect(takeNoticeAfterReload()).toBe(
      'Encrypted conversations are locked. Your PIN or password opens them again.',
    );
    // Until then the history shows it locked, as before the unlock.
    const locked = await sidebar.findByRole('link', { name: 'Encrypted conversation' });
    expect(locked.getAttribute('data-locked')).toBe('true');
  });

  it('fits the phone header as an icon button', async () => {
    renderShell({ desktop: false, status: UNLOCKED_PIN });
    const bar = within(screen.getByRole('banner'));
    const lock = await bar.findByRole('button', { name: LOCK });
    expect(lock.textContent).toBe('');
    expect(screen.queryByTestId('sidebar')).toBeNull();
  });

  it.each([
    ['locked', LOCKED_PIN],
    ['without encryption set up', encryptionStatus()],
  ])('shows nothing while the session is %s', async (_case, status) => {
    renderShell({ desktop: true, status });
    // The user is known: what the header shows is decided.
    await waitFor(() =>
      expect(screen.getByTestId('user-menu-name').textContent).not.toBe('Account'),
    );
    expect(screen.queryByRole('button', { name: LOCK })).toBeNull();
  });
});
