import { describe, expect, it } from 'vitest';
import type { ShareLinkActor, UserActor } from './actor';
import { individualActor } from './actor';
import { mayInContext, mayOnAttachment, mayOnConversation } from './policies';

const alice = individualActor({ userId: 'alice', sessionId: 's1' });
const bob = individualActor({ userId: 'bob', sessionId: 's2' });
const aliceAtFirm: UserActor = { ...alice, organizationId: 'firm', role: 'MEMBER' };
const visitor: ShareLinkActor = {
  kind: 'share_link',
  userId: 'bob',
  sessionId: 's2',
  conversationId: 'c1',
};
const alicesOwn = { id: 'c1', userId: 'alice', organizationId: null };
const alicesAtFirm = { id: 'c2', userId: 'alice', organizationId: 'firm' };

describe('conversation policy', () => {
  it('lets the owner do everything in the context the conversation was made in', () => {
    for (const action of ['read', 'rename', 'delete', 'ask', 'stop', 'follow', 'rate'] as const) {
      expect(mayOnConversation(alice, action, alicesOwn)).toBe(true);
      expect(mayOnConversation(aliceAtFirm, action, alicesAtFirm)).toBe(true);
    }
  });

  it('refuses another user, and the owner acting in another context', () => {
    expect(mayOnConversation(bob, 'read', alicesOwn)).toBe(false);
    expect(mayOnConversation(aliceAtFirm, 'read', alicesOwn)).toBe(false);
    expect(mayOnConversation(alice, 'read', alicesAtFirm)).toBe(false);
  });

  it('lets a share link read and follow its one conversation, nothing more', () => {
    expect(mayOnConversation(visitor, 'read', alicesOwn)).toBe(true);
    expect(mayOnConversation(visitor, 'follow', alicesOwn)).toBe(true);
    for (const action of ['rename', 'delete', 'ask', 'stop', 'rate'] as const) {
      expect(mayOnConversation(visitor, action, alicesOwn)).toBe(false);
    }
    expect(mayOnConversation(visitor, 'read', alicesAtFirm)).toBe(false);
  });
});

describe('attachment and context policies', () => {
  it("keeps a file's contents to its owner in its context", () => {
    const file = { userId: 'alice', organizationId: null };
    expect(mayOnAttachment(alice, 'read', file)).toBe(true);
    expect(mayOnAttachment(bob, 'read', file)).toBe(false);
    expect(mayOnAttachment(aliceAtFirm, 'delete', file)).toBe(false);
    expect(mayOnAttachment(visitor, 'read', file)).toBe(false);
  });

  it('lets a signed-in person chat in their context, and a share link do nothing there', () => {
    expect(mayInContext(alice, 'chat.ask')).toBe(true);
    expect(mayInContext(aliceAtFirm, 'conversation.list')).toBe(true);
    expect(mayInContext(visitor, 'chat.ask')).toBe(false);
    expect(mayInContext(visitor, 'conversation.list')).toBe(false);
  });
});
