import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, json, userResponse } from '../../../test/fake-api';
import { CHAT_PAGE_WAIT } from '../../../test/render';
import { LOCKED_PIN } from '../../encryption/test-data';
import { CONVERSATION, OTHER, conversation, message, messagePage, setupChat } from '../test-data';

const LOCKED_ONE = '0b7a5f7e-1c1e-4d6b-9a51-5c1f0c8f6a03';
const UNLOCKED_PIN = { ...LOCKED_PIN, is_decryption_unlocked: true };

/** An encrypted conversation, a plain one and a locked one, in an unlocked session. */
function setup(path: string) {
  return setupChat(path, {
    'GET /user/get': () => json(userResponse({ encryption: UNLOCKED_PIN })),
    'GET /conversation/list': () =>
      json({
        items: [
          conversation({ pk: CONVERSATION, name: 'Notarial deed', is_encrypted: true }),
          conversation({ pk: OTHER, name: 'Plain lease' }),
          conversation({ pk: LOCKED_ONE, name: '', is_encrypted: true, is_locked: true }),
        ],
        next_cursor: null,
      }),
    [`GET /conversation/messages/${CONVERSATION}`]: () =>
      json(messagePage([message({ pk: 'm1', seq: 1, role: 'user', content: 'Deed?' })])),
    [`GET /conversation/messages/${OTHER}`]: () =>
      json(messagePage([message({ pk: 'm2', seq: 1, role: 'user', content: 'Lease?' })])),
    [`GET /conversation/messages/${LOCKED_ONE}`]: () => detail('decryption_locked', 403),
  });
}

const history = () => screen.findByRole('region', { name: 'Conversation history' });
const header = () => screen.getByTestId('chat-page').querySelector('header')!;

describe('the encrypted conversation marker', () => {
  it('marks an encrypted conversation in its header and in its history row', async () => {
    setup(`/chat/${CONVERSATION}`);
    await screen.findByTestId('message-1', {}, CHAT_PAGE_WAIT);
    await waitFor(() =>
      expect(within(header()).getByRole('img', { name: 'Encrypted conversation' })).toBeTruthy(),
    );

    const row = await within(await history()).findByRole('link', { name: 'Notarial deed' });
    expect(within(row).getByTestId('conversation-encrypted')).toBeTruthy();
    expect(row.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(row.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Encrypted conversation',
    );
  });

  it('leaves a plain conversation unmarked, in its header and in its row', async () => {
    setup(`/chat/${OTHER}`);
    await screen.findByTestId('message-1', {}, CHAT_PAGE_WAIT);
    const row = await within(await history()).findByRole('link', { name: 'Plain lease' });
    expect(within(row).queryByTestId('conversation-encrypted')).toBeNull();
    expect(row.getAttribute('aria-describedby')).toBeNull();
    expect(within(header()).queryByTestId('conversation-encrypted')).toBeNull();
  });

  it('shows a locked conversation by its lock alone, not also by the marker', async () => {
    setup('/chat');
    const row = await within(await history()).findByRole('link', {
      name: 'Encrypted conversation',
    });
    expect(within(row).getByTestId('conversation-locked')).toBeTruthy();
    expect(within(row).queryByTestId('conversation-encrypted')).toBeNull();
  });

  it('follows the conversation opened: gone when a plain one is opened next', async () => {
    setup(`/chat/${CONVERSATION}`);
    await screen.findByTestId('message-1', {}, CHAT_PAGE_WAIT);
    await waitFor(() =>
      expect(within(header()).getByTestId('conversation-encrypted')).toBeTruthy(),
    );
    fireEvent.click(await within(await history()).findByRole('link', { name: 'Plain lease' }));
    await waitFor(() => expect(screen.getByTestId('message-1').textContent).toContain('Lease?'));
    expect(within(header()).queryByTestId('conversation-encrypted')).toBeNull();
  });
});
