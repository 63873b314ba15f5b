import type { Conversation, Message, MessagePage, ModelInfo } from '@themis/shared';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { fakeApi, json } from '../../test/fake-api';
import { stubWebSocket } from '../../test/fake-socket';
import { renderWithProviders } from '../../test/render';
import { EncryptionProvider } from '../encryption';
import { HistoryPanel } from './components/HistoryPanel';
import { ChatPage } from './pages/ChatPage';

export const CONVERSATION = '0b7a5f7e-1c1e-4d6b-9a51-5c1f0c8f6a01';

/** What the upload of a one-page lease answers. */
export const UPLOADED_LEASE = {
  pk: '5f0c8f6a-1c1e-4d6b-9a51-0b7a5f7e0001',
  filename: 'lease.pdf',
  media_type: 'application/pdf',
  size: 10,
  has_text: true,
};
export const OTHER = '0b7a5f7e-1c1e-4d6b-9a51-5c1f0c8f6a02';

export const MODELS: ModelInfo[] = [
  {
    id: 'openai:gpt-4o',
    provider: 'openai',
    model: 'gpt-4o',
    display_name: 'GPT-4o',
    vision: true,
    context_window: 128_000,
    is_demo: false,
  },
  {
    id: 'demo:demo',
    provider: 'demo',
    model: 'demo',
    display_name: 'Demo model',
    vision: false,
    context_window: 8_000,
    is_demo: true,
  },
];

export function message(overrides: Partial<Message> & Pick<Message, 'pk' | 'seq'>): Message {
  return {
    conversation_pk: CONVERSATION,
    role: 'assistant',
    content: '',
    status: 'complete',
    error_code: null,
    model_id: 'openai:gpt-4o',
    attachments: [],
    feedback: null,
    usage: null,
    created_at: '2026-11-22T10:00:00.000Z',
    parent_pk: null,
    version: 1,
    versions: 1,
    ...overrides,
  };
}

export function conversation(overrides: Partial<Conversation> & Pick<Conversation, 'pk'>) {
  return {
    name: 'Lease question',
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: new Date().toISOString(),
    is_streaming: false,
    is_encrypted: false,
    is_locked: false,
    ...overrides,
  } satisfies Conversation;
}

/**
 * The history beside the chat page, as in the shell (with its encryption dialogs), with every
 * list item measured.
 */
export function renderChat(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <EncryptionProvider>
            <HistoryPanel />
            <Outlet />
          </EncryptionProvider>
        ),
        children: [{ path: '/chat/:conversationId?', element: <ChatPage /> }],
      },
    ],
    { initialEntries: [path] },
  );
  const view = renderWithProviders(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 4000, itemHeight: 80 }}>
      <RouterProvider router={router} />
    </VirtuosoMockContext.Provider>,
  );
  return { router, ...view };
}

export const messagePage = (items: Message[] = [], more: Partial<MessagePage> = {}) =>
  ({ items, has_more: false, has_newer: false, ...more }) satisfies MessagePage;

type Handlers = Parameters<typeof fakeApi>[0];

/** The chat at `path` with a fake API (models, an empty history, usage) and a fake socket. */
export function setupChat(path: string, handlers: Handlers = {}, models = MODELS) {
  const sockets = stubWebSocket();
  const api = fakeApi({
    'GET /model/list': () => json(models),
    'GET /conversation/list': () => json({ items: [], next_cursor: null }),
    'GET /usage/current': () =>
      json({ month: '2026-11', used_tokens: 1_000, limit_tokens: 100_000 }),
    [`GET /conversation/messages/${CONVERSATION}`]: () => json(messagePage()),
    ...handlers,
  });
  return { api, sockets, ...renderChat(path) };
}

export const chatInput = () => screen.getByRole('textbox', { name: 'Your question' });

export async function typeAndSend(text: string) {
  await screen.findByRole('button', { name: 'Model: GPT-4o' });
  fireEvent.change(chatInput(), { target: { value: text } });
  fireEvent.keyDown(chatInput(), { key: 'Enter' });
}
