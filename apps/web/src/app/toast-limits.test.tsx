import { act, fireEvent, screen } from '@testing-library/react';
import { TOASTS } from '@themis/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { useToast } from './toast';

// A file of its own: the toaster is mounted once a page, and a first test's would be gone.

function SaveButton({ messages }: { messages: string[] }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() => {
        for (const message of messages) void toast.show(message, { variant: 'success' });
      }}
    >
      save
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows at most three at once, each for 5000 ms, then the next one waiting', async () => {
    expect([TOASTS.maxSnack, TOASTS.autoHideMs]).toEqual([3, 5000]);
    renderWithProviders(<SaveButton messages={['first', 'second', 'third', 'fourth']} />);
    // The toaster loads after the first paint; from then on time is the test's.
    await screen.findByRole('region', { name: 'Notifications' });
    await import('notistack');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('first')).toBeTruthy();
    expect(screen.getByText('third')).toBeTruthy();
    expect(screen.queryByText('fourth')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(TOASTS.autoHideMs - 1));
    expect(screen.getByText('first')).toBeTruthy();
    expect(screen.queryByText('fourth')).toBeNull();
    // Then it leaves: its exit, then the list closing up, each timed after the last rendered.
    for (let step = 0; step < 4; step += 1) {
      await act(() => vi.advanceTimersByTimeAsync(300));
    }
    expect(screen.queryByText('first')).toBeNull();
    expect(screen.getByText('fourth')).toBeTruthy();
  });
});
