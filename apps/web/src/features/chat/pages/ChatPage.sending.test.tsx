import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import type { stubWebSocket } from '../../../test/fake-socket';
import {
  CONVERSATION,
  chatInput,
  conversation,
  message,
  messagePage,
  setupChat,
  UPLOADED_LEASE,
  typeAndSend,
} from '../test-data';
import { CHAT_PAGE_WAIT } from '../../../test/render';

// What the chat shows while it waits: the question sent, at once; the conversation loading.

/** A response held back until `release` is called. */
function heldBack(respond: () => Response) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return { handler: async () => (await released, respond()), release: () => release() };
}

async function openSocket(sockets: ReturnType<typeof stubWebSocket>) {
  await waitFor(() => expect(sockets.count()).toBe(1));
  const socket = sockets.latest();
  socket.open();
  return socket;
}

describe('the chat while it waits', () => {
  it('shows the first question at once, as sending, while its conversation is created', async () => {
    const create = heldBack(() => json(conversation({ pk: CONVERSATION, name: '' })));
    const { sockets, router } = setupChat('/chat', {
      'POST /conversation/create': create.handler,
    });
    await typeAndSend('Can my landlord keep the deposit?');
    // Before the server has answered anything: the box is empty, the question is shown.
    const sending = await screen.findByTestId('message-1', {}, CHAT_PAGE_WAIT);
    expect(sending.textContent).toContain('Can my landlord keep the deposit?');
    expect(sending.textContent).toContain('Sending…');
    expect((chatInput() as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByTestId('chat-empty-state')).toBeNull();

    create.release();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION}`));
    const socket = await openSocket(sockets);
    await waitFor(() => expect(socket.sentOfType('chat.send')).toHaveLength(1));
    expect((await screen.findByTestId('message-1')).textContent).toContain('Sending…');
    socket.receive({
      type: 'chat.accepted',
      request_id: socket.sentOfType('chat.send')[0]!.request_id,
      conversation_pk: CONVERSATION,
      question: message({
        pk: 'q1',
        seq: 1,
        role: 'user',
        content: 'Can my landlord keep the deposit?',
      }),
      answer: message({ pk: 'a1', seq: 2, status: 'streaming', parent_pk: 'q1' }),
    });
    expect(await screen.findByTestId('streaming-cursor')).toBeTruthy();
    expect(screen.getByTestId('message-1').textContent).not.toContain('Sending…');
  });

  it('gives a refused question back to the box, with its file', async () => {
    const { sockets } = setupChat(`/chat/${CONVERSATION}`, {
      [`GET /conversation/messages/${CONVERSATION}`]: () =>
        json(messagePage([message({ pk: 'q1', seq: 1, role: 'user', content: 'Earlier' })])),
      [`POST /conversation/attachment/upload/${CONVERSATION}`]: () => json(UPLOADED_LEASE),
    });
    await screen.findByTestId('message-1', {}, CHAT_PAGE_WAIT);
    const pdf = new File(['%PDF'], 'lease.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('attachment-input'), { target: { files: [pdf] } });
    const chips = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(chips).getByText('lease.pdf')).toBeTruthy();
    fireEvent.change(chatInput(), { target: { value: 'Is this clause fair?' } });
    // Sending waits for the upload.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false),
    );
    await typeAndSend('Is this clause fair?');
    const socket = await openSocket(sockets);
    await waitFor(() => expect(socket.sentOfType('chat.send')).toHaveLength(1));
    expect(socket.sentOfType('chat.send')[0]!.attachment_pks).toEqual([UPLOADED_LEASE.pk]);
    expect(screen.getByTestId('message-2').textContent).toContain('Sending…');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull());
    socket.receive({
      type: 'error',
      detail: 'monthly_limit_reached',
      request_id: socket.sentOfType('chat.send')[0]!.request_id,
      conversation_pk: CONVERSATION,
    });
    await waitFor(() =>
      expect((chatInput() as HTMLTextAreaElement).value).toBe('Is this clause fair?'),
    );
    expect(screen.queryByTestId('message-2')).toBeNull();
    // The file is back too: sending again asks with it.
    const back = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(back).getByText('lease.pdf')).toBeTruthy();
  });

  it('shows the shape of a conversation while its messages load', async () => {
    const page = heldBack(() =>
      json(messagePage([message({ pk: 'q1', seq: 1, role: 'user', content: 'Loaded' })])),
    );
    setupChat(`/chat/${CONVERSATION}`, {
      [`GET /conversation/messages/${CONVERSATION}`]: page.handler,
    });
    expect(await screen.findByTestId('conversation-skeleton', {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Loading the conversation' })).toBeTruthy();
    page.release();
    expect((await screen.findByTestId('message-1')).textContent).toContain('Loaded');
    expect(screen.queryByTestId('conversation-skeleton')).toBeNull();
  });
});

describe('the history after a new conversation’s first answer', () => {
  it('is fetched again when the answer ends while the page is still on /chat', async () => {
    const { api, sockets, router } = setupChat(`/chat/${CONVERSATION}`);
    const socket = await openSocket(sockets);
    await act(() => router.navigate('/chat'));
    await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT);
    const listCalls = () =>
      api.mock.calls.filter(([input]) =>
        String((input as Request).url).includes('/conversation/list'),
      ).length;
    const before = listCalls();
    // The new conversation's frames come before the page has moved to its address.
    socket.receive({
      type: 'chat.done',
      conversation_pk: 'another-conversation',
      message: message({ pk: 'a9', seq: 2, content: 'Answered.' }),
    });
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
  });
});
