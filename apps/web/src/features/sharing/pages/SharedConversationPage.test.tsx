import type { SharedMessage } from '@themis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { detail, fakeApi, json } from '../../../test/fake-api';
import { renderAt, SECRET, sharedConversation, sharedMessage } from '../test-data';
import { SharedConversationPage } from './SharedConversationPage';

const VERIFY = `GET /conversation/share/verify/${SECRET}`;
const MESSAGES = `GET /conversation/share/list-messages/${SECRET}`;
const CONTINUE = `POST /conversation/share/continue/${SECRET}`;
const NEW_CONVERSATION = '9d2f3b8a-3c5e-4a71-8f0e-2b6c4d1a7e90';

const QUESTION = sharedMessage({
  position: 1,
  role: 'user',
  content: 'Can my landlord end the lease?',
  attachments: [{ filename: 'lease.pdf', media_type: 'application/pdf' }],
});
const ANSWER = sharedMessage({ position: 2, content: 'A **lease** ends with notice.' });

function openPage(handlers: Parameters<typeof fakeApi>[0] = {}, messages = [QUESTION, ANSWER]) {
  const api = fakeApi({
    [VERIFY]: () => json(sharedConversation({ message_count: messages.length })),
    [MESSAGES]: () => json({ items: messages, has_more: false }),
    ...handlers,
  });
  const view = renderAt(`/chat/share/${SECRET}`, <SharedConversationPage />, '/chat/share/:secret');
  return { api, ...view };
}

function requestsTo(api: ReturnType<typeof fakeApi>, key: string) {
  const [method, path] = key.split(' ');
  return api.mock.calls
    .map(([input]) => input as Request)
    .filter(
      (request) => request.method === method && new URL(request.url).pathname === `/api${path}`,
    )
    .map((request) => new URL(request.url));
}

describe('shared conversation page', () => {
  it('shows who shared what, read-only, and keeps itself out of search engines', async () => {
    const cancelled = sharedMessage({ position: 3, content: 'Partial', status: 'cancelled' });
    const failed = sharedMessage({ position: 4, content: '', status: 'error' });
    openPage({}, [QUESTION, ANSWER, cancelled, failed]);

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Lease question');
    expect(screen.getByTestId('shared-owner').textContent).toBe('Shared by Anna Kowalska');
    expect(screen.getByText('Shared on 22.11.2026 · Messages: 4')).toBeTruthy();

    const messages = screen.getByRole('region', { name: 'Shared messages' });
    const question = await within(messages).findByRole('article', { name: 'Question' });
    expect(question.textContent).toContain('Can my landlord end the lease?');
    // A file shows by name, and leads nowhere.
    expect(within(question).getByText('lease.pdf')).toBeTruthy();
    expect(within(messages).queryByRole('link')).toBeNull();
    const answer = screen.getByTestId('shared-message-2');
    expect((await within(answer).findByText('lease')).tagName).toBe('STRONG');
    expect(screen.getByTestId('shared-message-3').textContent).toContain('The answer was stopped.');
    expect(screen.getByTestId('shared-message-4').textContent).toContain(
      'Message generating error',
    );
    // Nothing to edit, rate or write again.
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('shared-disclaimer').textContent).toBe(
      'Legal information, not legal advice.',
    );

    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex, nofollow',
    );
    expect(document.head.querySelector('meta[name="referrer"]')?.getAttribute('content')).toBe(
      'no-referrer',
    );
  });

  it('names a nameless owner plainly', async () => {
    openPage({
      [VERIFY]: () => json(sharedConversation({ owner: { full_name: null, avatar_url: null } })),
    });
    expect((await screen.findByTestId('shared-owner')).textContent).toBe('Shared by a Themis user');
  });

  it('tells the owner it is their link', async () => {
    openPage({ [VERIFY]: () => json(sharedConversation({ is_owner: true })) });
    expect((await screen.findByTestId('shared-owner')).textContent).toBe('Shared by you');
  });

  it('loads later messages after the last position shown', async () => {
    const first: SharedMessage[] = Array.from({ length: 50 }, (_, index) =>
      sharedMessage({
        position: index + 1,
        role: index % 2 === 0 ? 'user' : 'assistant',
        content: `Message ${index + 1}`,
      }),
    );
    const { api } = openPage({
      [MESSAGES]: (request) =>
        new URL(request.url).searchParams.get('after') === '50'
          ? json({
              items: [sharedMessage({ position: 51, content: 'The last answer' })],
              has_more: false,
            })
          : json({ items: first, has_more: true }),
    });
    await screen.findByTestId('shared-message-50');
    fireEvent.click(screen.getByRole('button', { name: 'Load more messages' }));
    expect(await screen.findByTestId('shared-message-51')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more messages' })).toBeNull();
    expect(
      requestsTo(api, MESSAGES).map((url) => [
        url.searchParams.get('after'),
        url.searchParams.get('limit'),
      ]),
    ).toEqual([
      ['0', '50'],
      ['50', '50'],
    ]);
  });

  it('says a link that does not open is no longer available, and leads on to the chat', async () => {
    const { api } = openPage({ [VERIFY]: () => detail('not_found', 404) });
    const page = await screen.findByTestId('shared-link-unavailable');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe(
      'This link is no longer available',
    );
    expect(page.textContent).toContain('may have disabled or deleted it, or it may have expired');
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(within(page).getByRole('link', { name: 'Go to chat' }).getAttribute('href')).toBe(
      '/chat',
    );
    // Inside the shell, whose main landmark already holds the page.
    expect(page.tagName).not.toBe('MAIN');
    expect(requestsTo(api, MESSAGES)).toEqual([]);
    expect(document.head.querySelector('meta[name="robots"]')).not.toBeNull();
  });

  it('says so too when the link is disabled or deleted while it is read', async () => {
    openPage({ [MESSAGES]: () => detail('not_found', 404) });
    expect(await screen.findByTestId('shared-link-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('shared-conversation')).toBeNull();
  });

  it('says when too many links were tried, and tries again', async () => {
    let limited = true;
    openPage({
      [VERIFY]: () =>
        limited ? detail('rate_limited', 429) : json(sharedConversation({ message_count: 2 })),
    });
    const error = await screen.findByTestId('shared-conversation-error');
    expect(error.textContent).toContain('Too many attempts.');
    limited = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lease question' })).toBeTruthy();
  });

  it('continues in a new conversation of the visitor and opens it', async () => {
    const { router } = openPage({
      [CONTINUE]: () => json({ conversation_pk: NEW_CONVERSATION }, 201),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue in my chat' }));
    expect(await screen.findByTestId('chat-stand-in')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/chat/${NEW_CONVERSATION}`);
  });

  it('says why it could not continue', async () => {
    openPage({ [CONTINUE]: () => detail('monthly_limit_reached', 403) });
    fireEvent.click(await screen.findByRole('button', { name: 'Continue in my chat' }));
    expect(await screen.findByText(/You have reached your monthly plan limit/)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Continue in my chat' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  });
});
