import type { Organization, SharedConversation, SharedLink, SharedMessage } from '@themis/shared';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../test/render';
import { EncryptionProvider } from '../encryption';

export const CONVERSATION = '0b7a5f7e-1c1e-4d6b-9a51-5c1f0c8f6a01';
export const SECRET = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5d2FsZG8';
export const LINK_URL = `http://localhost:5173/chat/share/${SECRET}`;

export function sharedLink(overrides: Partial<SharedLink> = {}): SharedLink {
  return {
    pk: '7d3c1e52-5a0e-4f7b-8b4f-0c6f1f0e2a11',
    conversation_pk: CONVERSATION,
    conversation_name: 'Lease question',
    created_at: '2026-11-20T10:00:00.000Z',
    shared_at: '2026-11-22T10:00:00.000Z',
    expired_at: '2026-11-29T10:00:00.000Z',
    status: 'active',
    shared_key: LINK_URL,
    users: [],
    visitors_count: 0,
    message_count: 2,
    ...overrides,
  };
}

export function sharedConversation(
  overrides: Partial<SharedConversation> = {},
): SharedConversation {
  return {
    name: 'Lease question',
    owner: { full_name: 'Anna Kowalska', avatar_url: null },
    shared_at: '2026-11-22T10:00:00.000Z',
    expired_at: '2026-11-29T10:00:00.000Z',
    message_count: 2,
    is_owner: false,
    ...overrides,
  };
}

export function sharedMessage(
  overrides: Partial<SharedMessage> & Pick<SharedMessage, 'position'>,
): SharedMessage {
  return {
    role: 'assistant',
    content: '',
    status: 'complete',
    error_code: null,
    model_id: 'openai:gpt-4o',
    attachments: [],
    created_at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** The organization acted in, as GET /organization/get-current answers, with this role. */
export function currentOrganization(role: Organization['role']): Organization {
  return {
    pk: 'org-1',
    name: 'Kancelaria',
    avatar_url: null,
    co_members_count: 3,
    role,
    setting_visibility: { invitation_panel_visible: false, settings_panel_visible: false },
    is_encryption_forced: false,
    is_sharing_outside_allowed: true,
    is_export_allowed: true,
    allowed_models: null,
  };
}

/**
 * `element` at `routePath` (the path itself unless given), under the shell's encryption
 * dialogs, beside a stand-in for the chat page a link leads to.
 */
export function renderAt(path: string, element: ReactElement, routePath = path) {
  const router = createMemoryRouter(
    [
      { path: routePath, element: <EncryptionProvider>{element}</EncryptionProvider> },
      { path: '/chat/:conversationId', element: <div data-testid="chat-stand-in" /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
