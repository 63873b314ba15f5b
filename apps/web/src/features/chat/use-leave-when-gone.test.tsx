import { screen, waitFor } from '@testing-library/react';
import type { Conversation } from '@themis/shared';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { detail, fakeApi, json } from '../../test/fake-api';
import { useListConversationsInfiniteQuery } from './api';
import { renderWithProviders } from '../../test/render';
import { conversation } from './test-data';
import { useLeaveWhenGone } from './use-leave-when-gone';

const OPEN = conversation({ pk: 'c-1', name: 'Najem', is_encrypted: true });

/** The open conversation, listed until the button says the history lost it. */
function OpenConversation() {
  const [listed, setListed] = useState<Conversation | undefined>(OPEN);
  useLeaveWhenGone(OPEN.pk, listed);
  return (
    <button type="button" onClick={() => setListed(undefined)}>
      gone from the history
    </button>
  );
}

function openAt(status: 'not_found' | 'decryption_locked') {
  fakeApi({
    [`GET /conversation/messages/${OPEN.pk}`]: () =>
      detail(status, status === 'not_found' ? 404 : 403),
  });
  const router = createMemoryRouter(
    [
      { path: '/chat/:conversationId', element: <OpenConversation /> },
      { path: '/chat', element: <div data-testid="new-chat" /> },
    ],
    { initialEntries: [`/chat/${OPEN.pk}`] },
  );
  const { store } = renderWithProviders(<RouterProvider router={router} />);
  /** The messages were asked for and refused: the hook has had its answer. */
  const answered = () =>
    Object.values(store.getState().api.queries).some(
      (query) => query?.endpointName === 'listMessages' && query.status === 'rejected',
    );
  return { router, answered };
}

describe('an open conversation that leaves the history', () => {
  it('goes to a new chat, and says why, when the server no longer knows it', async () => {
    const { router } = openAt('not_found');
    screen.getByRole('button').click();
    await screen.findByTestId('new-chat');
    expect(router.state.location.pathname).toBe('/chat');
    expect(await screen.findByText('This conversation was deleted.')).toBeTruthy();
  });

  it('stays while it still exists (here locked)', async () => {
    const { router, answered } = openAt('decryption_locked');
    screen.getByRole('button').click();
    await waitFor(() => expect(answered()).toBe(true));
    expect(router.state.location.pathname).toBe(`/chat/${OPEN.pk}`);
    expect(screen.queryByTestId('new-chat')).toBeNull();
  });

  it('asks again at the history’s next answer when the first answer came before the deletion', async () => {
    let deleted = false;
    fakeApi({
      'GET /conversation/list': () => json({ items: [], next_cursor: null }),
      [`GET /conversation/messages/${OPEN.pk}`]: () =>
        deleted ? detail('not_found', 404) : detail('decryption_locked', 403),
    });
    function WithHistory() {
      const history = useListConversationsInfiniteQuery();
      const [listed, setListed] = useState<Conversation | undefined>(OPEN);
      useLeaveWhenGone(OPEN.pk, listed);
      return (
        <>
          <button type="button" onClick={() => setListed(undefined)}>
            gone from the history
          </button>
          <button type="button" onClick={() => void history.refetch()}>
            the history answers again
          </button>
        </>
      );
    }
    const router = createMemoryRouter(
      [
        { path: '/chat/:conversationId', element: <WithHistory /> },
        { path: '/chat', element: <div data-testid="new-chat" /> },
      ],
      { initialEntries: [`/chat/${OPEN.pk}`] },
    );
    const { store } = renderWithProviders(<RouterProvider router={router} />);
    const refusals = () =>
      Object.values(store.getState().api.queries).filter(
        (query) => query?.endpointName === 'listMessages' && query.status === 'rejected',
      ).length;
    await screen.findByRole('button', { name: 'the history answers again' });
    screen.getByRole('button', { name: 'gone from the history' }).click();
    await waitFor(() => expect(refusals()).toBe(1));
    expect(router.state.location.pathname).toBe(`/chat/${OPEN.pk}`);

    deleted = true;
    screen.getByRole('button', { name: 'the history answers again' }).click();
    await screen.findByTestId('new-chat');
    expect(router.state.location.pathname).toBe('/chat');
  });
});
