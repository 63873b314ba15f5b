import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of the module each time: the test setup marks the shared one as shown.
const freshModule = async () => {
  vi.resetModules();
  return import('./first-page');
};

describe('work after the first page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first page to be shown, then for the browser to be idle', async () => {
    const { afterFirstPage, markFirstPageShown } = await freshModule();
    const task = vi.fn();
    afterFirstPage(task);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(task).not.toHaveBeenCalled();
    markFirstPageShown();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(task).toHaveBeenCalledOnce();
    // Once shown, later work only waits for the browser to be idle.
    const later = vi.fn();
    afterFirstPage(later);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(later).toHaveBeenCalledOnce();
  });

  it('starts anyway after ten seconds, and never once cancelled', async () => {
    const { afterFirstPage, markFirstPageShown } = await freshModule();
    const task = vi.fn();
    const cancelled = vi.fn();
    afterFirstPage(task);
    afterFirstPage(cancelled)();
    await vi.advanceTimersByTimeAsync(9_000);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(task).toHaveBeenCalledOnce();
    markFirstPageShown();
    await vi.advanceTimersByTimeAsync(3_000);
    expect([task.mock.calls.length, cancelled.mock.calls.length]).toEqual([1, 0]);
  });

  it('tells when the work the tasks started has settled, failed or not', async () => {
    const { afterFirstPage, backgroundWorkSettled, markFirstPageShown } = await freshModule();
    markFirstPageShown();
    let finish!: () => void;
    const loaded = vi.fn();
    afterFirstPage(() => new Promise<void>((resolve) => (finish = resolve)).then(loaded));
    afterFirstPage(() => Promise.reject(new Error('offline')));
    await vi.advanceTimersByTimeAsync(2_000);
    let settled = false;
    const waiting = backgroundWorkSettled().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(loaded).toHaveBeenCalledOnce();
  });
});
