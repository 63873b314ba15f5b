import { beforeEach, describe, expect, it } from 'vitest';
import { takeNoticeAfterReload, withNoticeForReload } from './notice-after-reload';

describe('a notice kept for the next start', () => {
  beforeEach(() => sessionStorage.clear());

  it('is shown once after the change succeeds', async () => {
    await withNoticeForReload('Left the firm', async () => 'done');
    expect(takeNoticeAfterReload()).toBe('Left the firm');
    expect(takeNoticeAfterReload()).toBeUndefined();
  });

  it('is dropped when the change throws or answers an error', async () => {
    await expect(
      withNoticeForReload('Left the firm', () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow('refused');
    expect(takeNoticeAfterReload()).toBeUndefined();
    await withNoticeForReload('Left the firm', async () => ({ error: { status: 400 } }));
    expect(takeNoticeAfterReload()).toBeUndefined();
  });

  // Last: once the tab is leaving, it stays leaving.
  it('is kept when the reload under way cancels the change', async () => {
    const cancelled = withNoticeForReload('Deleted the firm', async () => {
      window.dispatchEvent(new Event('beforeunload'));
      throw new TypeError('Failed to fetch');
    });
    await expect(cancelled).rejects.toThrow('Failed to fetch');
    expect(takeNoticeAfterReload()).toBe('Deleted the firm');
  });
});
