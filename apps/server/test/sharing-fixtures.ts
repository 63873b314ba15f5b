import { expect } from 'vitest';
import type { SharedLink } from '@themis/shared';
import type { Client, signedUpClient } from './accounts';
import type { TestApp } from './app';
import { insertConversation, insertMessages } from './conversations-fixtures';

// Shared by the sharing tests: conversations to share, links made and verified through the API.

export type Account = Awaited<ReturnType<typeof signedUpClient>>;

export const secretOf = (link: SharedLink) => link.shared_key.split('/').pop()!;

/** A conversation of `owner` with `count` questions and answers ('Question 1', 'Answer 1'…). */
export async function conversationOf(t: TestApp, owner: Account, count = 2, name = 'Umowa najmu') {
  const conversation = await insertConversation(t, owner.user.pk, { name });
  const rows = await insertMessages(
    t,
    conversation,
    Array.from({ length: count }, (_, i) => [
      { role: 'user' as const, content: `Question ${i + 1}` },
      { role: 'assistant' as const, content: `Answer ${i + 1}`, modelId: 'demo' },
    ]).flat(),
  );
  return { ...conversation, rows };
}

export async function share(owner: Account, conversationId: string, body: object = {}) {
  const res = await owner.client.post(`/api/conversation/share/create/${conversationId}`, body);
  expect([201, 200], res.body).toContain(res.statusCode);
  return res.json() as SharedLink;
}

export const verify = (visitor: Client, secret: string) =>
  visitor.get(`/api/conversation/share/verify/${secret}`);
