import type { Message } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../../../test/fake-api';
import { CHAT_PAGE_WAIT } from '../../../test/render';
import { chatRuntime } from '../realtime/chat-runtime';
import { CONVERSATION, chatInput, message, messagePage, setupChat } from '../test-data';

// A conversation of 300 messages, seq 1 to 300; search opens it at message 150. Six pages of
// 50: enough to page both ways from the hit (jsdom shows every edge, so the list pages on
// to both ends; more messages only make the test slower).
const LAST = 300;
const HIT = 150;
const numbered = (from: number, to: number): Message[] =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const seq = from + i;
    return message({
      pk: `m${seq}`,
      seq,
      role: seq % 2 ? 'user' : 'assistant',
      content: `Message ${seq}`,
    });
  });

/** Answers like the server: around_seq, after_seq and before_seq, 50 a page. */
function pages(asked: string[]) {
  return {
    [`GET /conversation/messages/${CONVERSATION}`]: (request: Request) => {
      const params = new URL(request.url).searchParams;
      const key = ['around_seq', 'after_seq', 'before_seq'].find((name) => params.has(name));
      const seq = Number(params.get(key ?? ''));
      asked.push(key ? `${key}=${seq}` : 'latest');
      let [from, to] = [LAST - 49, LAST];
      if (key === 'around_seq') [from, to] = [seq - 25, seq + 24];
      if (key === 'after_seq') [from, to] = [seq + 1, Math.min(LAST, seq + 50)];
      if (key === 'before_seq') [from, to] = [Math.max(1, seq - 50), seq - 1];
      return json(messagePage(numbered(from, to), { has_more: from > 1, has_newer: to < LAST }));
    },
  };
}

beforeEach(() => {
  // jsdom does not scroll; the list keeps its place with scrollBy when a page is prepended.
  Element.prototype.scrollBy ??= () => undefined;
});

describe('a search hit deep in a long conversation', () => {
  it('opens the page holding it in one request and pages both ways from there', async () => {
    const asked: string[] = [];
    setupChat(`/chat/${CONVERSATION}?message=${HIT}`, pages(asked));
    const found = await screen.findByTestId(`message-${HIT}`, {}, CHAT_PAGE_WAIT);
    expect(found.getAttribute('data-highlighted')).toBe('true');
    expect(found.textContent).toContain(`Message ${HIT}`);
    expect(asked[0]).toBe(`around_seq=${HIT}`);
    // The list shows both edges of the page, so it asks for the pages before and after it.
    await waitFor(() => expect(asked).toContain(`after_seq=${HIT + 24}`));
    await waitFor(() => expect(asked).toContain(`before_seq=${HIT - 25}`));
    // The pages join the one around the hit in order, without a gap or a repeat (jsdom shows
    // every edge, so the list keeps paging while it can).
    const shown = () =>
      chatRuntime()
        .store.get(CONVERSATION)
        .messages.map((m) => m.seq);
    await waitFor(() => expect(shown()).toEqual(expect.arrayContaining([HIT - 75, HIT + 74])));
    const seqs = shown();
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(asked).not.toContain('latest');
  });

  it('opens at the end again when the conversation is chosen after a jump', async () => {
    const asked: string[] = [];
    const { router } = setupChat(`/chat/${CONVERSATION}?message=${HIT}`, pages(asked));
    await screen.findByTestId(`message-${HIT}`, {}, CHAT_PAGE_WAIT);
    await router.navigate(`/chat/${CONVERSATION}`);
    expect(await screen.findByTestId(`message-${LAST}`, {}, CHAT_PAGE_WAIT)).toBeTruthy();
    expect(asked).toContain('latest');
  });

  it('offers no edit or regenerate while later messages are not shown', async () => {
    setupChat(`/chat/${CONVERSATION}?message=3`, {
      [`GET /conversation/messages/${CONVERSATION}`]: (request: Request) =>
        new URL(request.url).searchParams.has('after_seq')
          ? new Promise<Response>(() => undefined)
          : json(messagePage(numbered(1, 4), { has_newer: true })),
    });
    expect((await screen.findByTestId('message-3', {}, CHAT_PAGE_WAIT)).textContent).toContain(
      'Message 3',
    );
    // The last question and answer shown are not the conversation's last ones.
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(within(log).getByTestId('message-4')).toBeTruthy();
    expect(within(log).queryByRole('button', { name: 'Edit and ask again' })).toBeNull();
    expect(within(log).queryByRole('button', { name: 'Write the answer again' })).toBeNull();
    expect(await within(log).findByLabelText('Loading later messages')).toBeTruthy();
  });

  it('starts from the new exchange when a question is asked far from the end', async () => {
    const { sockets } = setupChat(`/chat/${CONVERSATION}?message=10`, pages([]));
    await screen.findByTestId('message-10', {}, CHAT_PAGE_WAIT);
    fireEvent.change(chatInput(), { target: { value: 'One more question' } });
    fireEvent.keyDown(chatInput(), { key: 'Enter' });
    await waitFor(() => expect(sockets.count()).toBe(1));
    const socket = sockets.latest();
    socket.open();
    const send = socket.sentOfType('chat.send')[0]!;
    socket.receive({
      type: 'chat.accepted',
      request_id: send.request_id,
      conversation_pk: CONVERSATION,
      question: message({ pk: 'q', seq: LAST + 1, role: 'user', content: 'One more question' }),
      answer: message({ pk: 'a', seq: LAST + 2, status: 'streaming' }),
    });
    expect((await screen.findByTestId(`message-${LAST + 1}`)).textContent).toContain(
      'One more question',
    );
    await waitFor(() => expect(screen.queryByTestId('message-10')).toBeNull());
  });
});
