import type { Conversation, Message, ModelInfo } from '@themis/shared';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { VirtuosoMockContext } from 'react-virtuoso';
import { renderWithProviders } from '../../test/render';
import { HistoryPanel } from './components/HistoryPanel';
import { ChatPage } from './pages/ChatPage';

export const CONVERSATION = '0b7a5f7e-1c1e-4d6b-9a51-5c1f0c8f6a01';
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
    ...overrides,
  };
}

export function conversation(overrides: Partial<Conversation> & Pick<Conversation, 'pk'>) {
  return {
    name: 'Lease question',
    created_at: '2026-11-22T10:00:00.000Z',
    updated_at: new Date().toISOString(),
    is_streaming: false,
    ...overrides,
  } satisfies Conversation;
}

/** The history beside the chat page, as in the shell, with every list item measured. */
export function renderChat(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <HistoryPanel />
            <Outlet />
          </>
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
