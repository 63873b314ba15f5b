import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { authUser, detail, fakeApi, json, sentBodies, userResponse } from '../../../test/fake-api';
import { LOCKED_PIN, typePin } from '../../encryption/test-data';
import { currentOrganization } from '../../sharing/test-data';
import { stubWebSocket } from '../../../test/fake-socket';
import {
  CONVERSATION,
  MODELS,
  OTHER,
  conversation,
  message,
  messagePage,
  renderChat,
} from '../test-data';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

function setup(handlers: Parameters<typeof fakeApi>[0] = {}) {
  stubWebSocket();
  const api = fakeApi({
    'GET /auth/verify': () => json(authUser()),
    'GET /model/list': () => json(MODELS),
    'GET /usage/current': () => json({ month: '2026-11', used_tokens: 0, limit_tokens: 1000 }),
    'GET /conversation/list': () =>
      json({
        items: [
          conversation({ pk: CONVERSATION, name: 'Lease question', updated_at: daysAgo(0) }),
          conversation({ pk: OTHER, name: '', updated_at: daysAgo(30) }),
        ],
        next_cursor: null,
      }),
    ...handlers,
  });
  return { api, ...renderChat('/chat') };
}

describe('history panel', () => {
  it('groups conversations by date and names untitled ones', async () => {
    setup();
    const history = await screen.findByRole('region', { name: 'Conversation history' });
    await within(history).findByText('Lease question');
    const headings = within(history).getAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['Today', 'Earlier']);
    expect(within(history).getByRole('link', { name: 'New conversation' })).toBeTruthy();
  });

  it('renames a conversation with the shared rules', async () => {
    const { api } = setup({
      [`PUT /conversation/rename/${CONVERSATION}`]: () =>
        json(conversation({ pk: CONVERSATION, name: 'Notice period' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Options for Lease question' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename conversation' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Maximum length is 100 characters')).toBeTruthy();
    fireEvent.change(name, { target: { value: ' Notice period ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sentBodies(api, `PUT /conversation/rename/${CONVERSATION}`)).toEqual([
      { name: 'Notice period' },
    ]);
  });

  it('deletes a conversation after saying its files will be lost', async () => {
    let deleted = 0;
    setup({
      [`DELETE /conversation/delete/${OTHER}`]: () => {
        deleted += 1;
        return json({ status: 'ok' });
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Options for New conversation' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete conversation?' });
    expect(dialog.textContent).toContain('the files attached to it will be lost');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(deleted).toBe(1);
  });

  it('shares a conversation from its menu', async () => {
    setup({
      'GET /conversation/share/access_token': () => detail('not_found', 404),
      'GET /organization/get-current': () => json(currentOrganization('MEMBER')),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Options for Lease question' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share conversation' });
    expect(dialog.textContent).toContain('can read “Lease question”');
    expect(await within(dialog).findByRole('button', { name: 'Create link' })).toBeTruthy();
  });

  it('offers no sharing to an observer of the organization', async () => {
    const { store } = setup({
      'GET /organization/get-current': () => json(currentOrganization('OBSERVER')),
    });
    // The role has arrived: the share entry would be there by now if it were allowed.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) =>
            query?.endpointName === 'getCurrentOrganization' && query.status === 'fulfilled',
        ),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Options for Lease question' }));
    await screen.findByRole('menuitem', { name: 'Rename' });
    expect(screen.queryByRole('menuitem', { name: 'Share' })).toBeNull();
  });

  it('opens a search result at the message found', async () => {
    const { router } = setup({
      'GET /conversation/search': () =>
        json({
          items: [
            {
              conversation_pk: CONVERSATION,
              conversation_name: 'Lease question',
              message_pk: 'm5',
              message_seq: 5,
              snippet: 'the notice period for a lease is',
              updated_at: daysAgo(0),
            },
          ],
        }),
      [`GET /conversation/messages/${CONVERSATION}`]: () =>
        json({
          items: [4, 5, 6].map((seq) =>
            message({
              pk: `m${seq}`,
              seq,
              role: seq % 2 ? 'user' : 'assistant',
              content: `M${seq}`,
            }),
          ),
          has_more: false,
          has_newer: false,
        }),
    });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search conversations' }), {
      target: { value: 'notice' },
    });
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByText('notice').tagName).toBe('MARK');
    fireEvent.click(within(results).getByRole('button', { name: /Lease question/ }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/chat/${CONVERSATION}?message=5`,
      ),
    );
    const found = await screen.findByTestId('message-5');
    expect(found.getAttribute('data-highlighted')).toBe('true');
    expect(screen.getByTestId('message-4').getAttribute('data-highlighted')).toBeNull();
  });

  it('shows a locked conversation by a lock instead of its name, and unlocks it when opened', async () => {
    let unlocked = false;
    const { api } = setup({
      'GET /user/get': () => json(userResponse({ encryption: LOCKED_PIN })),
      'GET /conversation/list': () =>
        json({
          items: [
            conversation({
              pk: CONVERSATION,
              name: unlocked ? 'Notarial deed' : '',
              is_encrypted: true,
              is_locked: !unlocked,
            }),
          ],
          next_cursor: null,
        }),
      [`GET /conversation/messages/${CONVERSATION}`]: () =>
        unlocked
          ? json(messagePage([message({ pk: 'm1', seq: 1, role: 'user', content: 'Deed?' })]))
          : detail('decryption_locked', 403),
      'POST /user/unlock-decryption': () => {
        unlocked = true;
        return json({ ...LOCKED_PIN, is_decryption_unlocked: true });
      },
    });
    const history = await screen.findByRole('region', { name: 'Conversation history' });
    const row = await within(history).findByRole('link', { name: 'Encrypted conversation' });
    expect(within(row).getByTestId('conversation-locked')).toBeTruthy();
    expect(row.getAttribute('data-locked')).toBe('true');

    fireEvent.click(
      within(history).getByRole('button', { name: 'Options for Encrypted conversation' }),
    );
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Rename' })).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    fireEvent.keyDown(menu, { key: 'Escape' });

    fireEvent.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    await within(dialog).findByRole('group', { name: 'Your PIN' });
    typePin('135790');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));

    expect((await screen.findByTestId('message-1')).textContent).toContain('Deed?');
    expect(await within(history).findByRole('link', { name: 'Notarial deed' })).toBeTruthy();
    expect(screen.queryByTestId('chat-locked')).toBeNull();
    expect(await sentBodies(api, 'POST /user/unlock-decryption')).toEqual([
      { encryption_key: '135790' },
    ]);
  });

  it('offers to unlock again when the unlock dialog was closed', async () => {
    setup({
      'GET /user/get': () => json(userResponse({ encryption: LOCKED_PIN })),
      [`GET /conversation/messages/${CONVERSATION}`]: () => detail('decryption_locked', 403),
    });
    fireEvent.click(await screen.findByRole('link', { name: 'Lease question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const notice = await screen.findByTestId('chat-locked');
    expect(notice.textContent).toContain('This conversation is encrypted.');
    expect(screen.queryByTestId('chat-error')).toBeNull();
    fireEvent.click(within(notice).getByRole('button', { name: 'Unlock' }));
    expect(
      await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' }),
    ).toBeTruthy();
  });
});
