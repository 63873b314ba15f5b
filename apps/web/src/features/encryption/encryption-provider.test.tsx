import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeNoticeAfterReload } from '../../app/notice-after-reload';
import { restartTab } from './restart-tab';
import { LOCKED_PIN, renderFlow } from './test-data';

vi.mock('./restart-tab', () => ({ restartTab: vi.fn() }));

// Another tab of the session, as the browser's other tabs reach this one.
const otherTab = new BroadcastChannel('themis-encryption-unlocked');
afterEach(() => vi.mocked(restartTab).mockClear());

describe('encryption provider: the other tabs of the session', () => {
  it('starts this tab again locked when another tab locks the session', async () => {
    renderFlow(async () => undefined, { ...LOCKED_PIN, is_decryption_unlocked: true });
    otherTab.postMessage('locked');
    await waitFor(() => expect(restartTab).toHaveBeenCalledTimes(1));
    expect(takeNoticeAfterReload()).toBe(
      'Encrypted conversations are locked. Your PIN or password opens them again.',
    );
  });

  it('stays as it is when another tab unlocks', async () => {
    const { api } = renderFlow(async () => undefined, LOCKED_PIN);
    const meFetches = () =>
      api.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).endsWith('/user/get'),
      ).length;
    await waitFor(() => expect(meFetches()).toBe(1));
    otherTab.postMessage('unlocked');
    // The unlock is answered by fetching again what was locked, not by a restart.
    await waitFor(() => expect(meFetches()).toBe(2));
    expect(restartTab).not.toHaveBeenCalled();
    expect(takeNoticeAfterReload()).toBeUndefined();
  });
});
