import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetDestination, pendingDestination, rememberDestination } from './pending-destination';

const INVITATION = '/organizations/invitation?invitation_type=EMAIL&invitation_pk=abc';

describe('the invitation or link kept while signing up', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps an invitation or a shared link until forgotten', () => {
    rememberDestination(INVITATION);
    expect(pendingDestination()).toBe(INVITATION);
    rememberDestination('/chat/share/k3y');
    expect(pendingDestination()).toBe('/chat/share/k3y');
    forgetDestination();
    expect(pendingDestination()).toBeUndefined();
  });

  it('ignores any other page and anything that would leave the site', () => {
    for (const path of [
      '/chat',
      '/billing',
      '//evil.example/chat/share/x',
      '/chat/share/\\evil',
      '/organizations/invitation/x',
      'https://evil.example/chat/share/x',
    ]) {
      rememberDestination(path);
      expect(pendingDestination(), path).toBeUndefined();
    }
    // Written by someone else into the storage: read with the same rules.
    window.localStorage.setItem(
      'themis.pendingDestination',
      JSON.stringify({ path: '//evil.example', savedAt: Date.now() }),
    );
    expect(pendingDestination()).toBeUndefined();
    window.localStorage.setItem('themis.pendingDestination', '{not json');
    expect(pendingDestination()).toBeUndefined();
  });

  it('forgets it after a day', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T10:00:00Z') });
    rememberDestination(INVITATION);
    vi.setSystemTime(new Date('2026-12-02T09:59:00Z'));
    expect(pendingDestination()).toBe(INVITATION);
    vi.setSystemTime(new Date('2026-12-02T10:01:00Z'));
    expect(pendingDestination()).toBeUndefined();
  });
});
