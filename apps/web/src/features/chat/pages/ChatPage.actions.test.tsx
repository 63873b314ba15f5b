import type { Message } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, json, sentBodies, sentForms } from '../../../test/fake-api';
import type { stubWebSocket } from '../../../test/fake-socket';
import { CHAT_PAGE_WAIT, calledPaths } from '../../../test/render';
import {
  CONVERSATION,
  chatInput,
  conversation,
  message,
  messagePage,
  setupChat,
} from '../test-data';

const QUESTION = message({ pk: 'q1', seq: 1, role: 'user', content: 'What is a lease?' });
const ANSWER = message({ pk: 'a1', seq: 2, content: 'A lease is a contract.' });

/** A conversation whose stored page holds `items`. */
function withMessages(...items: Message[]) {
  return setupChat(`/chat/${CONVERSATION}`, {
    [`GET /conversation/messages/${CONVERSATION}`]: () => json(messagePage(items)),
  });
}

async function openSocket(sockets: ReturnType<typeof stubWebSocket>) {
  await waitFor(() => expect(sockets.count()).toBe(1));
  const socket = sockets.latest();
  socket.open();
  return socket;
}

describe('chat actions', () => {
  it('writes an earlier answer again as its new version, in place of what followed it', async () => {
    const later = [
      message({ pk: 'q2', seq: 3, role: 'user', content: 'And a sublease?', parent_pk: 'a1' }),
      message({ pk: 'a2', seq: 4, content: 'Needs consent.', parent_pk: 'q2' }),
    ];
    const { sockets } = withMessages(QUESTION, ANSWER, ...later);
    await screen.findByTestId('message-4', {}, CHAT_PAGE_WAIT);
    // Every finished answer offers it.
    const buttons = await screen.findAllByRole('button', { name: 'Write the answer again' });
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[0]!);
    const socket = await openSocket(sockets);
    const frames = socket.sentOfType('chat.regenerate');
    expect(frames).toEqual([
      {
        type: 'chat.regenerate',
        request_id: expect.any(String),
        conversation_pk: CONVERSATION,
        message_pk: 'a1',
        model_id: 'openai:gpt-4o',
        language: 'en',
      },
    ]);
    expect(socket.sentOfType('chat.send')).toEqual([]);
    socket.receive({
      type: 'chat.accepted',
      request_id: frames[0]!.request_id,
      conversation_pk: CONVERSATION,
      question: QUESTION,
      answer: message({
        pk: 'a3',
        seq: 5,
        status: 'streaming',
        parent_pk: 'q1',
        version: 2,
        versions: 2,
      }),
    });
    // The new version replaces the old answer and what followed it, under the same question.
    expect(await screen.findByTestId('streaming-cursor')).toBeTruthy();
    for (const seq of [2, 3, 4]) expect(screen.queryByTestId(`message-${seq}`)).toBeNull();
    expect(screen.getByTestId('message-1').textContent).toContain('What is a lease?');
  });

  it('edits an earlier question and asks it again as a new branch', async () => {
    const later = [
      message({ pk: 'q2', seq: 3, role: 'user', content: 'And a sublease?', parent_pk: 'a1' }),
      message({ pk: 'a2', seq: 4, content: 'Needs consent.', parent_pk: 'q2' }),
    ];
    const { sockets } = withMessages(QUESTION, ANSWER, ...later);
    await screen.findByTestId('message-4', {}, CHAT_PAGE_WAIT);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Edit and ask again' }))[0]!);
    expect((chatInput() as HTMLTextAreaElement).value).toBe('What is a lease?');
    // The cursor goes to the question box, so the button's tooltip does not stay.
    expect(document.activeElement).toBe(chatInput());
    expect(screen.getByText(/Editing a question/)).toBeTruthy();
    // Files cannot join an edited question.
    expect(
      screen.getByRole('button', { name: 'Attach files (up to 3)' }).hasAttribute('disabled'),
    ).toBe(true);
    fireEvent.change(chatInput(), { target: { value: 'What is a residential lease?' } });
    fireEvent.keyDown(chatInput(), { key: 'Enter' });
    const socket = await openSocket(sockets);
    const frames = socket.sentOfType('chat.edit');
    expect(frames).toEqual([
      {
        type: 'chat.edit',
        request_id: expect.any(String),
        conversation_pk: CONVERSATION,
        message_pk: 'q1',
        content: 'What is a residential lease?',
        model_id: 'openai:gpt-4o',
        language: 'en',
      },
    ]);
    expect(socket.sentOfType('chat.send')).toEqual([]);
    socket.receive({
      type: 'chat.accepted',
      request_id: frames[0]!.request_id,
      conversation_pk: CONVERSATION,
      question: message({
        pk: 'q3',
        seq: 5,
        role: 'user',
        content: frames[0]!.content,
        version: 2,
        versions: 2,
      }),
      answer: message({ pk: 'a3', seq: 6, status: 'streaming', parent_pk: 'q3' }),
    });
    expect((await screen.findByTestId('message-5')).textContent).toContain('residential');
    for (const seq of [1, 2, 3, 4]) expect(screen.queryByTestId(`message-${seq}`)).toBeNull();
    expect(
      await within(screen.getByTestId('versions-5')).findByRole('button', {
        name: 'Previous version',
      }),
    ).toBeTruthy();
    expect(screen.queryByText(/Editing a question/)).toBeNull();
    expect((chatInput() as HTMLTextAreaElement).value).toBe('');
  });

  it('moves the focus to the question box at every edit started, also while editing', async () => {
    withMessages(
      QUESTION,
      ANSWER,
      message({ pk: 'q2', seq: 3, role: 'user', content: 'And a sublease?', parent_pk: 'a1' }),
      message({ pk: 'a2', seq: 4, content: 'Needs consent.', parent_pk: 'q2' }),
    );
    await screen.findByTestId('message-4', {}, CHAT_PAGE_WAIT);
    // The list shows its rows once measured.
    await screen.findAllByRole('button', { name: 'Edit and ask again' });
    const editButton = (seq: number) =>
      within(screen.getByTestId(`message-${seq}`)).getByRole('button', {
        name: 'Edit and ask again',
      });
    // A click focuses the button first, as a browser does; the edit then takes the focus.
    const startEdit = (seq: number) => {
      editButton(seq).focus();
      fireEvent.click(editButton(seq));
    };

    startEdit(1);
    expect(document.activeElement).toBe(chatInput());
    startEdit(3);
    expect((chatInput() as HTMLTextAreaElement).value).toBe('And a sublease?');
    expect(document.activeElement).toBe(chatInput());
    // The same question again: its text back in the box, the focus with it.
    fireEvent.change(chatInput(), { target: { value: 'And a sub' } });
    startEdit(3);
    expect((chatInput() as HTMLTextAreaElement).value).toBe('And a sublease?');
    expect(document.activeElement).toBe(chatInput());
    expect((chatInput() as HTMLTextAreaElement).selectionStart).toBe('And a sublease?'.length);
  });

  it('pages through the versions of a message, showing the branch that follows each', async () => {
    const edited = message({
      pk: 'q3',
      seq: 5,
      role: 'user',
      content: 'What is a residential lease?',
      version: 2,
      versions: 2,
    });
    const oldBranch = [
      { ...QUESTION, versions: 2 },
      ANSWER,
      message({ pk: 'q2', seq: 3, role: 'user', content: 'And a sublease?', parent_pk: 'a1' }),
      message({ pk: 'a2', seq: 4, content: 'Needs consent.', parent_pk: 'q2' }),
    ];
    const { api } = setupChat(`/chat/${CONVERSATION}`, {
      [`GET /conversation/messages/${CONVERSATION}`]: () =>
        json(messagePage([edited, message({ pk: 'a3', seq: 6, parent_pk: 'q3' })])),
      [`POST /conversation/switch-version/${CONVERSATION}`]: () => json(messagePage(oldBranch)),
    });
    const pager = await screen.findByTestId('versions-5', {}, CHAT_PAGE_WAIT);
    expect(pager.getAttribute('aria-label')).toBe('Version 2 of 2');
    const next = await within(pager).findByRole('button', { name: 'Next version' });
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.click(await within(pager).findByRole('button', { name: 'Previous version' }));
    expect((await screen.findByTestId('message-4')).textContent).toContain('Needs consent.');
    expect(screen.queryByTestId('message-5')).toBeNull();
    expect(screen.getByTestId('versions-1').getAttribute('aria-label')).toBe('Version 1 of 2');
    // The keyboard stays on the pager of the message paged (its only step left: Next).
    await waitFor(() =>
      expect(document.activeElement?.getAttribute('aria-label')).toBe('Next version'),
    );
    expect(screen.getByTestId('versions-1').contains(document.activeElement)).toBe(true);
    expect(await sentBodies(api, `POST /conversation/switch-version/${CONVERSATION}`)).toEqual([
      { message_pk: 'q3', version: 1 },
    ]);
  });

  it('shows the branch another tab switched to, and reloads nothing it already shows', async () => {
    let switched = false;
    const otherAnswer = message({ pk: 'a9', seq: 9, content: 'Another version.', version: 2 });
    const { api, sockets } = setupChat(`/chat/${CONVERSATION}`, {
      [`GET /conversation/messages/${CONVERSATION}`]: () =>
        json(messagePage(switched ? [QUESTION, otherAnswer] : [QUESTION, ANSWER])),
    });
    await screen.findByText('A lease is a contract.', {}, CHAT_PAGE_WAIT);
    const socket = await openSocket(sockets);
    const pageLoads = () =>
      calledPaths(api).filter((path) => path.endsWith(`/conversation/messages/${CONVERSATION}`))
        .length;
    expect(pageLoads()).toBe(1);
    // This tab's own switch comes back too: what it shows already, nothing asked.
    socket.receive({
      type: 'conversation.branch_changed',
      conversation_pk: CONVERSATION,
      message_pk: 'a1',
    });
    switched = true;
    socket.receive({
      type: 'conversation.branch_changed',
      conversation_pk: CONVERSATION,
      message_pk: 'a9',
    });
    expect(await screen.findByText('Another version.')).toBeTruthy();
    expect(screen.queryByText('A lease is a contract.')).toBeNull();
    expect(pageLoads()).toBe(2);
  });

  it('keeps what a failed answer wrote and says it failed', async () => {
    const { sockets } = withMessages(
      QUESTION,
      message({ pk: 'a1', seq: 2, status: 'streaming', content: 'Under art. 659' }),
    );
    const socket = await openSocket(sockets);
    socket.receive({
      type: 'chat.done',
      conversation_pk: CONVERSATION,
      message: message({
        pk: 'a1',
        seq: 2,
        status: 'error',
        error_code: 'message_generating_error',
        content: 'Under art. 659 of the Civil Code',
      }),
    });
    const answer = await screen.findByTestId('message-2');
    await waitFor(() => expect(answer.textContent).toContain('Message generating error'));
    expect(answer.textContent).toContain('Under art. 659 of the Civil Code');
    // Offered in words, the tooltip saying what it does.
    const retry = await within(answer).findByRole('button', { name: 'Try again' });
    fireEvent.mouseOver(retry);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Write the answer again');
  });

  it('shows a stopped answer from the history with its notice and its text', async () => {
    withMessages(
      QUESTION,
      message({ pk: 'a1', seq: 2, status: 'cancelled', content: 'A lease is' }),
    );
    const answer = await screen.findByTestId('message-2', {}, CHAT_PAGE_WAIT);
    expect(within(answer).getByText('The answer was stopped.')).toBeTruthy();
    expect(answer.textContent).toContain('A lease is');
    expect(answer.textContent).not.toContain('Message generating error');
  });

  it('accepts files dropped on the chat, and refuses a fourth', async () => {
    let uploaded = 0;
    const { api } = setupChat(`/chat/${CONVERSATION}`, {
      [`POST /conversation/attachment/upload/${CONVERSATION}`]: () => {
        uploaded += 1;
        return json({
          pk: `5f0c8f6a-1c1e-4d6b-9a51-0b7a5f7e000${uploaded}`,
          filename: `file${uploaded}.pdf`,
          media_type: 'application/pdf',
          size: 4,
          has_text: true,
        });
      },
    });
    await screen.findByRole('button', { name: 'Model: GPT-4o' }, CHAT_PAGE_WAIT);
    const zone = screen.getByTestId('chat-page');
    const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });
    const drop = (...files: File[]) => {
      fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files } });
      fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } });
    };

    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByText('Drop files to attach them')).toBeTruthy();
    drop(pdf('lease.pdf'), pdf('annex.pdf'));
    expect(screen.queryByText('Drop files to attach them')).toBeNull();
    const chips = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(chips).getByText('lease.pdf')).toBeTruthy();
    expect(within(chips).getByText('annex.pdf')).toBeTruthy();
    drop(pdf('protocol.pdf'));
    expect(await within(chips).findByText('protocol.pdf')).toBeTruthy();
    await waitFor(() => expect(uploaded).toBe(3));
    const forms = await sentForms(api, `POST /conversation/attachment/upload/${CONVERSATION}`);
    expect(forms.map((form) => Object.keys(form))).toEqual([['file'], ['file'], ['file']]);

    drop(pdf('fourth.pdf'));
    expect((await screen.findByTestId('chat-error')).textContent).toContain(
      'You can upload up to 3 files at a time.',
    );
    expect(within(chips).queryByText('fourth.pdf')).toBeNull();
    expect(uploaded).toBe(3);
  });
  it('shares the open conversation from its header, warning when it is encrypted', async () => {
    setupChat(`/chat/${CONVERSATION}`, {
      [`GET /conversation/messages/${CONVERSATION}`]: () => json(messagePage([QUESTION, ANSWER])),
      'GET /conversation/list': () =>
        json({
          items: [conversation({ pk: CONVERSATION, name: 'Lease question', is_encrypted: true })],
          next_cursor: null,
        }),
      'GET /conversation/share/access_token': () => detail('not_found', 404),
    });
    await screen.findByTestId('message-2', {}, CHAT_PAGE_WAIT);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share conversation' });
    expect(dialog.textContent).toContain('can read “Lease question”');
    expect(within(dialog).getByTestId('share-encrypted-warning')).toBeTruthy();
  });

  it('has nothing to share in an empty chat', async () => {
    const { store } = setupChat('/chat');
    await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT);
    // The context is known (the individual one): sharing would be allowed.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).some(
          (query) =>
            query?.endpointName === 'getCurrentOrganization' &&
            query.status === 'fulfilled' &&
            query.data === null,
        ),
      ).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
