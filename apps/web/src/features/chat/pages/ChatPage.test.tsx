import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, json, sentBodies } from '../../../test/fake-api';
import type { stubWebSocket } from '../../../test/fake-socket';
import {
  CONVERSATION,
  chatInput,
  message,
  messagePage,
  setupChat,
  UPLOADED_LEASE,
  typeAndSend,
} from '../test-data';
import { CHAT_PAGE_WAIT } from '../../../test/render';

/** Opens the socket and answers the question sent with `accepted`. */
async function accept(sockets: ReturnType<typeof stubWebSocket>, question: string) {
  await waitFor(() => expect(sockets.count()).toBe(1));
  const socket = sockets.latest();
  socket.open();
  const send = socket.sentOfType('chat.send')[0];
  expect(send).toMatchObject({
    conversation_pk: CONVERSATION,
    content: question,
    model_id: 'openai:gpt-4o',
    language: 'en',
  });
  socket.receive({
    type: 'chat.accepted',
    request_id: send!.request_id,
    conversation_pk: CONVERSATION,
    question: message({ pk: 'q1', seq: 1, role: 'user', content: question }),
    answer: message({ pk: 'a1', seq: 2, status: 'streaming' }),
  });
  return socket;
}

describe('chat page', () => {
  it('streams an answer and renders its markdown without raw HTML', async () => {
    const { sockets } = setupChat(`/chat/${CONVERSATION}`);
    await screen.findByTestId('chat-empty-state', {}, CHAT_PAGE_WAIT);
    await typeAndSend('What is a lease?');
    const socket = await accept(sockets, 'What is a lease?');
    const parts = [
      'A **lease** is a contract. ',
      '<script>alert(1)</script> <img src="x" onerror="alert(1)"> ',
      '\n\n| Term | Days |\n|---|---|\n| notice | 30 |\n\n[Code](https://isap.sejm.gov.pl)',
    ];
    let offset = 0;
    for (const text of parts) {
      socket.receive({
        type: 'chat.delta',
        conversation_pk: CONVERSATION,
        message_pk: 'a1',
        offset,
        text,
      });
      offset += text.length;
    }
    expect(await screen.findByTestId('streaming-cursor')).toBeTruthy();
    socket.receive({
      type: 'chat.done',
      conversation_pk: CONVERSATION,
      message: message({ pk: 'a1', seq: 2, content: parts.join('') }),
    });

    const answer = await screen.findByTestId('message-2');
    expect((await within(answer).findByText('lease')).tagName).toBe('STRONG');
    expect(answer.querySelector('script')).toBeNull();
    expect(answer.querySelector('img')).toBeNull();
    expect(answer.querySelector('[onerror]')).toBeNull();
    const link = await within(answer).findByRole('link', { name: 'Code' });
    expect(answer.querySelector('table')).not.toBeNull();
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.queryByTestId('streaming-cursor')).toBeNull();
    expect(screen.getByTestId('message-1').textContent).toContain('What is a lease?');
  });

  it('stops an answer and shows that it was stopped', async () => {
    const { sockets } = setupChat(`/chat/${CONVERSATION}`);
    await typeAndSend('Question');
    const socket = await accept(sockets, 'Question');
    fireEvent.click(screen.getByRole('button', { name: 'Stop the answer' }));
    expect(socket.sentOfType('chat.stop')).toEqual([
      { type: 'chat.stop', conversation_pk: CONVERSATION },
    ]);
    socket.receive({
      type: 'chat.done',
      conversation_pk: CONVERSATION,
      message: message({ pk: 'a1', seq: 2, content: 'Partial', status: 'cancelled' }),
    });
    expect(await screen.findByText('The answer was stopped.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('resumes a streaming answer after a reconnect without repeating text', async () => {
    const { sockets } = setupChat(`/chat/${CONVERSATION}`, {
      [`GET /conversation/messages/${CONVERSATION}`]: () =>
        json(
          messagePage([
            message({ pk: 'q1', seq: 1, role: 'user', content: 'Q' }),
            message({ pk: 'a1', seq: 2, status: 'streaming', content: 'Hello wor' }),
          ]),
        ),
    });
    await waitFor(() => expect(sockets.count()).toBe(1));
    const first = sockets.latest();
    first.open();
    expect(first.sentOfType('chat.subscribe')).toEqual([
      { type: 'chat.subscribe', conversation_pk: CONVERSATION, from_offset: 9 },
    ]);
    const delta = (offset: number, text: string) => ({
      type: 'chat.delta' as const,
      conversation_pk: CONVERSATION,
      message_pk: 'a1',
      offset,
      text,
    });
    // The server may repeat a little of what the tab has; it is placed, not appended.
    first.receive(delta(6, 'world and more'));
    first.drop();
    await waitFor(() => expect(sockets.count()).toBe(2));
    const second = sockets.latest();
    second.open();
    expect(second.sentOfType('chat.subscribe')).toEqual([
      { type: 'chat.subscribe', conversation_pk: CONVERSATION, from_offset: 20 },
    ]);
    second.receive(delta(20, '!'));
    second.receive(delta(0, 'Hello world and more!'));
    expect((await screen.findByTestId('message-2')).textContent).toContain('Hello world and more!');
    expect(screen.getByTestId('message-2').textContent).not.toContain('world and moreworld');
  });

  it('sends on Enter, not on Shift+Enter, and checks the length', async () => {
    const { sockets } = setupChat(`/chat/${CONVERSATION}`);
    await screen.findByRole('button', { name: 'Model: GPT-4o' });
    fireEvent.change(chatInput(), { target: { value: 'Line one' } });
    fireEvent.keyDown(chatInput(), { key: 'Enter', shiftKey: true });
    fireEvent.change(chatInput(), { target: { value: 'a'.repeat(10_001) } });
    expect(screen.getByText('Max chat input length exceeded (10001)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(chatInput(), { key: 'Enter' });
    fireEvent.change(chatInput(), { target: { value: 'Line one\nLine two' } });
    fireEvent.keyDown(chatInput(), { key: 'Enter' });
    await waitFor(() => expect(sockets.count()).toBe(1));
    sockets.latest().open();
    expect(
      sockets
        .latest()
        .sentOfType('chat.send')
        .map((frame) => frame.content),
    ).toEqual(['Line one\nLine two']);
    await waitFor(() => expect((chatInput() as HTMLTextAreaElement).value).toBe(''));
  });

  it('asks for a model when none is offered', async () => {
    setupChat(`/chat/${CONVERSATION}`, {}, []);
    expect(await screen.findByRole('button', { name: 'Model: No model selected' })).toBeTruthy();
    fireEvent.change(chatInput(), { target: { value: 'Question' } });
    fireEvent.keyDown(chatInput(), { key: 'Enter' });
    expect((await screen.findByTestId('chat-error')).textContent).toContain('No model selected');
  });

  it('shows refused questions in the user language', async () => {
    const { sockets } = setupChat(`/chat/${CONVERSATION}`);
    await typeAndSend('Question');
    await waitFor(() => expect(sockets.count()).toBe(1));
    const socket = sockets.latest();
    socket.open();
    socket.receive({
      type: 'error',
      detail: 'monthly_limit_reached',
      request_id: socket.sentOfType('chat.send')[0]!.request_id,
    });
    expect((await screen.findByTestId('chat-error')).textContent).toContain(
      'You have reached your monthly plan limit.',
    );
    // In the individual context the notice leads to the plans.
    expect((await screen.findByTestId('chat-limit-link')).getAttribute('href')).toBe(
      '/billing/plans',
    );
    socket.receive({ type: 'error', detail: 'conversation_busy', conversation_pk: CONVERSATION });
    expect(screen.getByTestId('chat-error').textContent).toContain(
      'An answer is still being written',
    );
  });

  it('remembers the chosen model and marks the demo model under its translated name', async () => {
    setupChat(`/chat/${CONVERSATION}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Model: GPT-4o' }));
    fireEvent.click(
      await screen.findByRole('menuitem', { name: /Themis demo \(not a real model\)/ }),
    );
    const button = await screen.findByRole('button', {
      name: 'Model: Themis demo (not a real model)',
    });
    expect(within(button).getByText('Demo')).toBeTruthy();
    expect(window.localStorage.getItem('themis.chat.model')).toBe('demo:demo');
  });

  it('fills the question from an example topic', async () => {
    setupChat('/chat');
    fireEvent.click(await screen.findByRole('button', { name: /GDPR/ }));
    expect((chatInput() as HTMLTextAreaElement).value).toBe(
      'How can I ask a company to delete my personal data?',
    );
    expect(screen.getByText('Legal information, not legal advice.')).toBeTruthy();
  });

  it('asks why an answer was bad and shows the choice', async () => {
    const { api } = setupChat(`/chat/${CONVERSATION}`, {
      [`GET /conversation/messages/${CONVERSATION}`]: () =>
        json(
          messagePage([
            message({ pk: 'q1', seq: 1, role: 'user', content: 'Q' }),
            message({ pk: 'a1', seq: 2, content: 'An answer' }),
          ]),
        ),
      'POST /message/feedback/a1': () => json({ status: 'ok' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Bad answer' }));
    const dialog = await screen.findByRole('dialog', { name: 'What was wrong with the answer?' });
    const send = within(dialog).getByRole('button', { name: 'Send' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Based on outdated law' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tell us more' }), {
      target: { value: 'The 2023 amendment' },
    });
    fireEvent.click(send);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Bad answer' }).getAttribute('aria-pressed')).toBe(
        'true',
      ),
    );
    expect(await sentBodies(api, 'POST /message/feedback/a1')).toEqual([
      { value: 'bad', reason: 'outdated_law', comment: 'The 2023 amendment' },
    ]);
  });

  it('checks attachments before uploading them to the conversation', async () => {
    const { api } = setupChat(`/chat/${CONVERSATION}`, {
      [`POST /conversation/attachment/upload/${CONVERSATION}`]: () => json(UPLOADED_LEASE),
    });
    await screen.findByRole('button', { name: 'Model: GPT-4o' });
    const pick = (...files: File[]) =>
      fireEvent.change(screen.getByTestId('attachment-input'), { target: { files } });
    const pdf = () => new File(['%PDF'], 'lease.pdf', { type: 'application/pdf' });

    pick(pdf(), pdf(), pdf(), pdf());
    expect((await screen.findByTestId('chat-error')).textContent).toContain(
      'You can upload up to 3 files at a time.',
    );
    pick(new File(['x'], 'run.exe', { type: 'application/x-msdownload' }));
    expect((await screen.findByTestId('chat-error')).textContent).toContain('Invalid file type.');
    const big = new File(['x'], 'scan.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 21 * 1024 * 1024 });
    pick(big);
    expect((await screen.findByTestId('chat-error')).textContent).toContain(
      'Files exceed max size!',
    );
    pick(pdf());
    const chips = await screen.findByRole('list', { name: 'Attached files' });
    expect(within(chips).getByText('lease.pdf')).toBeTruthy();
    await waitFor(async () =>
      expect(
        await sentBodies(api, `POST /conversation/attachment/upload/${CONVERSATION}`).catch(() => [
          1,
        ]),
      ).toHaveLength(1),
    );
  });

  it('creates the conversation before the first question on /chat', async () => {
    const { sockets, router } = setupChat('/chat', {
      'POST /conversation/create': () =>
        json({
          pk: CONVERSATION,
          name: '',
          created_at: '2026-11-22T10:00:00.000Z',
          updated_at: '2026-11-22T10:00:00.000Z',
          is_streaming: false,
        }),
      [`GET /conversation/messages/${CONVERSATION}`]: () => detail('not_found', 404),
    });
    await typeAndSend('First question');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/chat/${CONVERSATION}`));
    await accept(sockets, 'First question');
    expect((await screen.findByTestId('message-1')).textContent).toContain('First question');
  });
});
