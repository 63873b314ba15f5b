import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, json, sentBodies, userResponse } from '../../../test/fake-api';
import { CHAT_PAGE_WAIT } from '../../../test/render';
import { encryptionStatus, LOCKED_PIN, typeNewPin, typePin } from '../../encryption/test-data';
import { CONVERSATION, chatInput, conversation, setupChat, typeAndSend } from '../test-data';

describe('chat page: encryption', () => {
  it('unlocks when a question is refused as locked, and gives the question back', async () => {
    const { sockets } = setupChat(`/chat/${CONVERSATION}`, {
      'GET /user/get': () => json(userResponse({ encryption: LOCKED_PIN })),
      'POST /user/unlock-decryption': () => json({ ...LOCKED_PIN, is_decryption_unlocked: true }),
    });
    await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT);
    await typeAndSend('Is this deed valid?');
    await waitFor(() => expect(sockets.count()).toBe(1));
    const socket = sockets.latest();
    socket.open();
    const send = socket.sentOfType('chat.send')[0];
    socket.receive({
      type: 'error',
      detail: 'decryption_locked',
      request_id: send!.request_id,
      conversation_pk: CONVERSATION,
    });

    expect((await screen.findByTestId('chat-error')).textContent).toContain(
      'Invalid decryption credentials',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unlock encrypted conversations' });
    // The question is back in the box, behind the dialog (which hides the page from the
    // accessibility tree while it is open).
    const box = screen.getByRole('textbox', { name: 'Your question', hidden: true });
    expect((box as HTMLTextAreaElement).value).toBe('Is this deed valid?');
    await within(dialog).findByRole('group', { name: 'Your PIN' });
    typePin('975310');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('chat-error')).toBeNull();
  });

  it('asks for a PIN first where conversations must be encrypted, then sends', async () => {
    let keySet = false;
    const status = () =>
      encryptionStatus({
        is_encryption_key_set: keySet,
        encryption_key_type: keySet ? 'PIN' : null,
        is_decryption_unlocked: keySet,
      });
    const { api, sockets } = setupChat('/chat', {
      'GET /user/get': () => json(userResponse({ encryption: status() })),
      'POST /conversation/create': () =>
        keySet
          ? json(conversation({ pk: CONVERSATION, name: '', is_encrypted: true }))
          : detail('encryption_key_missing'),
      'POST /user/create-encryption-secrets': () => {
        keySet = true;
        return json(status());
      },
    });
    await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT);
    await typeAndSend('Who inherits?');

    const dialog = await screen.findByRole('dialog', { name: 'Set up encryption' });
    expect(dialog.textContent).toContain('Conversations here must be encrypted.');
    expect(screen.getByTestId('chat-error').textContent).toContain(
      'Set an encryption PIN or password first.',
    );
    typeNewPin('112233');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set PIN' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByTestId('chat-error')).toBeNull();
    expect(await sentBodies(api, 'POST /user/create-encryption-secrets')).toEqual([
      { encryption_key_type: 'PIN', encryption_key: '112233' },
    ]);

    // The question stayed in the box and goes now.
    expect((chatInput() as HTMLTextAreaElement).value).toBe('Who inherits?');
    fireEvent.keyDown(chatInput(), { key: 'Enter' });
    await waitFor(() => expect(sockets.count()).toBe(1));
    const socket = sockets.latest();
    socket.open();
    expect(socket.sentOfType('chat.send')[0]).toMatchObject({
      conversation_pk: CONVERSATION,
      content: 'Who inherits?',
    });
  });
});
