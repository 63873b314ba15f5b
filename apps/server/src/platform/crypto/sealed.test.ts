import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './sealed';

const key = randomBytes(32);
const now = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('seal', () => {
  it('opens under its key until it expires', () => {
    const sealed = seal({ key, value: { state: 's', from: '/chat' }, now, ttlMs: 60_000 });
    expect(sealed).not.toContain('/chat');
    expect(unseal({ key, sealed, now: later(59_999) })).toEqual({ state: 's', from: '/chat' });
    expect(unseal({ key, sealed, now: later(60_000) })).toBeUndefined();
  });

  it('refuses another key, any changed byte and garbage', () => {
    const sealed = seal({ key, value: 'v', now, ttlMs: 60_000 });
    expect(unseal({ key: randomBytes(32), sealed, now })).toBeUndefined();
    const bytes = Buffer.from(sealed, 'base64url');
    for (const index of [0, 12, 28, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[index]! ^= 1;
      expect(unseal({ key, sealed: changed.toString('base64url'), now })).toBeUndefined();
    }
    expect(unseal({ key, sealed: 'not sealed', now })).toBeUndefined();
    expect(unseal({ key, sealed: '', now })).toBeUndefined();
  });
});
