import { describe, expect, it } from 'vitest';
import type { UserActor } from './actor';
import { individualActor } from './actor';
import {
  mayInContext,
  mayOnAttachment,
  mayOnConversation,
  mayOnSharedLink,
  mayVisitSharedLink,
  type SharedLinkRecord,
} from './policies';

const alice = individualActor({ userId: 'alice', sessionId: 's1' });
const bob = individualActor({ userId: 'bob', sessionId: 's2' });
const aliceAtFirm: UserActor = { ...alice, organizationId: 'firm', role: 'MEMBER' };
const observerAtFirm: UserActor = { ...alice, organizationId: 'firm', role: 'OBSERVER' };
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
});

describe('attachment and context policies', () => {
  it("keeps a file's contents to its owner in its context", () => {
    const file = { userId: 'alice', organizationId: null };
    expect(mayOnAttachment(alice, 'read', file)).toBe(true);
    expect(mayOnAttachment(bob, 'read', file)).toBe(false);
    expect(mayOnAttachment(aliceAtFirm, 'delete', file)).toBe(false);
  });

  it('lets every role chat, and all but observers share', () => {
    expect(mayInContext(alice, 'chat.ask')).toBe(true);
    expect(mayInContext(aliceAtFirm, 'conversation.list')).toBe(true);
    expect(mayInContext(observerAtFirm, 'chat.ask')).toBe(true);
    expect(mayInContext(alice, 'conversation.share')).toBe(true);
    expect(mayInContext(aliceAtFirm, 'conversation.share')).toBe(true);
    expect(mayInContext(observerAtFirm, 'conversation.share')).toBe(false);
  });
});

describe('shared link policies', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const open: SharedLinkRecord = {
    userId: 'alice',
    organizationId: null,
    disabledAt: null,
    expiresAt: null,
    organization: null,
  };
  const firmLink = (sharingOutsideAllowed: boolean, active = true): SharedLinkRecord => ({
    ...open,
    organizationId: 'firm',
    organization: { active, sharingOutsideAllowed, exportAllowed: true },
  });
  const visit = (link: SharedLinkRecord, visitorIsMember = false) =>
    mayVisitSharedLink({ link, visitorIsMember, now });

  it('lets its owner manage a link only in the context it was made in', () => {
    expect(mayOnSharedLink(alice, open)).toBe(true);
    expect(mayOnSharedLink(bob, open)).toBe(false);
    expect(mayOnSharedLink(aliceAtFirm, open)).toBe(false);
  });

  it('opens a link until it expires or is disabled', () => {
    expect(visit(open)).toBe(true);
    expect(visit({ ...open, expiresAt: new Date(now.getTime() + 1) })).toBe(true);
    expect(visit({ ...open, expiresAt: now })).toBe(false);
    expect(visit({ ...open, disabledAt: now })).toBe(false);
  });

  it("opens an organization's link to outsiders only when it allows sharing outside", () => {
    expect(visit(firmLink(false), true)).toBe(true);
    expect(visit(firmLink(false), false)).toBe(false);
    expect(visit(firmLink(true), false)).toBe(true);
    expect(visit(firmLink(true, false), true)).toBe(false);
  });
});
