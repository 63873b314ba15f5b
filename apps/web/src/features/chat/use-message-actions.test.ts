import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { message } from './test-data';
import { useMessageActions, type MessageActions } from './use-message-actions';

const actions = (): MessageActions => ({
  edit: vi.fn(),
  regenerate: vi.fn(),
  showVersion: vi.fn(() => Promise.resolve()),
});

describe('the message actions', () => {
  it('stay the same from render to render and call the latest render’s functions', () => {
    const first = actions();
    const { result, rerender } = renderHook(
      (current: MessageActions) => useMessageActions(current),
      {
        initialProps: first,
      },
    );
    const handlers = result.current;
    const latest = actions();
    rerender(latest);
    expect(result.current).toBe(handlers);

    const question = message({ pk: 'q1', seq: 1, role: 'user' });
    result.current.onEdit(question);
    result.current.onRegenerate(message({ pk: 'a1', seq: 2 }));
    result.current.onSwitchVersion(question, 2);
    expect(latest.edit).toHaveBeenCalledWith(question);
    expect(latest.regenerate).toHaveBeenCalledWith(expect.objectContaining({ pk: 'a1' }));
    expect(latest.showVersion).toHaveBeenCalledWith(question, 2);
    expect(first.edit).not.toHaveBeenCalled();
  });
});
