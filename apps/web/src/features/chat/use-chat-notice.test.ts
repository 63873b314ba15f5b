import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { chatRuntime } from './realtime/chat-runtime';
import { CONVERSATION } from './test-data';
import { useChatNotice } from './use-chat-notice';

describe('the chat notice', () => {
  it('shows a refusal; one for encryption goes once its dialog has cleared it', async () => {
    let cleared!: (value: boolean) => void;
    const recover = vi.fn(() => new Promise<boolean>((resolve) => (cleared = resolve)));
    const { result } = renderHook(() => useChatNotice(CONVERSATION, recover));
    act(() => result.current.refuse('monthly_limit_reached'));
    expect(result.current.notice).toBe('monthly_limit_reached');
    expect(recover).not.toHaveBeenCalled();

    act(() => result.current.refuse('decryption_locked'));
    expect(recover).toHaveBeenCalledWith('decryption_locked');
    await act(async () => cleared(true));
    expect(result.current.notice).toBeUndefined();
  });

  it('keeps a later refusal when the dialog of an earlier one clears', async () => {
    let cleared!: (value: boolean) => void;
    const recover = vi.fn(() => new Promise<boolean>((resolve) => (cleared = resolve)));
    const { result } = renderHook(() => useChatNotice(CONVERSATION, recover));
    act(() => result.current.refuse('encryption_key_missing'));
    act(() => result.current.refuse('unknown'));
    await act(async () => cleared(true));
    expect(result.current.notice).toBe('unknown');
  });

  it('goes with typing only when it asked for a model', () => {
    const { result } = renderHook(() => useChatNotice(CONVERSATION, vi.fn()));
    act(() => result.current.refuse('monthly_limit_reached'));
    act(() => result.current.typed());
    expect(result.current.notice).toBe('monthly_limit_reached');
    act(() => result.current.refuse('no_model_selected'));
    act(() => result.current.typed());
    expect(result.current.notice).toBeUndefined();
  });

  it('closed, takes the conversation’s own error with it', () => {
    const { store } = chatRuntime();
    store.setError(CONVERSATION, 'monthly_limit_reached');
    const { result } = renderHook(() => useChatNotice(CONVERSATION, vi.fn()));
    act(() => result.current.refuse('unknown'));
    act(() => result.current.dismiss());
    expect(result.current.notice).toBeUndefined();
    expect(store.get(CONVERSATION).error).toBeUndefined();
  });
});
