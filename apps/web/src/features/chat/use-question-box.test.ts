import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubWebSocket } from '../../test/fake-socket';
import { chatRuntime } from './realtime/chat-runtime';
import { CONVERSATION, message } from './test-data';
import type { PendingFile } from './use-attachments';
import { useQuestionBox, type QuestionBoxOptions } from './use-question-box';

const LEASE: PendingFile = { id: 'file-1', name: 'lease.pdf', status: 'done', attachmentPk: 'f1' };
const EARLIER = message({ pk: 'q1', seq: 1, role: 'user', content: 'What is a lease?' });

/** An answer of `ask` held back until `settle` gives it. */
function heldAsk() {
  let settle!: (sent: boolean) => void;
  const ask = vi.fn(() => new Promise<boolean>((resolve) => (settle = resolve)));
  return { ask, settle: (sent: boolean) => act(() => settle(sent)) };
}

function renderBox(
  conversationId: string | undefined,
  ask: QuestionBoxOptions['actions']['ask'],
  recover: QuestionBoxOptions['recover'] = vi.fn(() => Promise.resolve(false)),
) {
  const attachments = {
    files: [LEASE, { id: 'file-2', name: 'scan.pdf', status: 'uploading' as const }],
    uploaded: [{ pk: 'f1', filename: 'lease.pdf' }],
    clear: vi.fn(),
    restore: vi.fn(),
  };
  const regenerate = vi.fn();
  const onSend = vi.fn();
  const view = renderHook(() =>
    useQuestionBox({
      conversationId,
      actions: { ask, regenerate },
      attachments,
      recover,
      onSend,
    }),
  );
  return { ...view, attachments, regenerate, onSend };
}

describe('the question box', () => {
  it('empties at once as a question goes, and takes its words back when it was not sent', async () => {
    const { ask, settle } = heldAsk();
    const { result, attachments, onSend } = renderBox(CONVERSATION, ask);
    act(() => result.current.setDraft('  Is this clause fair? '));
    let sending!: Promise<void>;
    act(() => {
      sending = result.current.send();
    });
    expect(onSend).toHaveBeenCalledOnce();
    expect(result.current.draft).toBe('');
    expect(ask).toHaveBeenCalledWith('Is this clause fair?', attachments.uploaded, undefined);
    settle(false);
    await act(() => sending);
    expect(result.current.draft).toBe('Is this clause fair?');
    expect(attachments.clear).not.toHaveBeenCalled();
  });

  it('shows the first question of a new chat while its conversation is created', async () => {
    const { ask, settle } = heldAsk();
    const { result, attachments } = renderBox(undefined, ask);
    act(() => result.current.setDraft('Can my landlord keep the deposit?'));
    let sending!: Promise<void>;
    act(() => {
      sending = result.current.send();
    });
    expect(result.current.creatingWith).toEqual({
      content: 'Can my landlord keep the deposit?',
      filenames: ['lease.pdf'],
    });
    settle(true);
    await act(() => sending);
    expect(result.current.creatingWith).toBeUndefined();
    expect(result.current.draft).toBe('');
    expect(attachments.clear).toHaveBeenCalledOnce();
  });

  it('asks a shown question again in other words, and counts every edit started', async () => {
    const ask = vi.fn(() => Promise.resolve(true));
    const { result } = renderBox(CONVERSATION, ask);
    act(() => result.current.edit(EARLIER));
    act(() => result.current.edit(EARLIER));
    expect(result.current.draft).toBe('What is a lease?');
    expect(result.current.editing).toBe(EARLIER);
    expect(result.current.editStarts).toBe(2);
    act(() => result.current.setDraft('What is a sublease?'));
    await act(() => result.current.send());
    expect(ask).toHaveBeenCalledWith('What is a sublease?', expect.any(Array), 'q1');
    // A new chat's pending question is for new questions only.
    expect(result.current.creatingWith).toBeUndefined();
    expect(result.current.editing).toBeUndefined();

    act(() => result.current.edit(EARLIER));
    act(() => result.current.cancelEdit());
    expect(result.current.editing).toBeUndefined();
    expect(result.current.draft).toBe('');
  });

  it('gives a question refused over the socket back, with its uploaded files and its edit', async () => {
    const sockets = stubWebSocket();
    const { result, attachments } = renderBox(CONVERSATION, () => Promise.resolve(true));
    act(() => result.current.edit(EARLIER));
    act(() => result.current.setDraft('What is a sublease?'));
    await act(() => result.current.send());
    expect(result.current.draft).toBe('');
    chatRuntime().socket.keepOpen();
    const socket = sockets.latest();
    socket.open();
    // Another conversation's refusal is not this question's.
    socket.receive({
      type: 'error',
      detail: 'monthly_limit_reached',
      request_id: 'r-other',
      conversation_pk: 'other',
    });
    expect(result.current.draft).toBe('');
    socket.receive({
      type: 'error',
      detail: 'monthly_limit_reached',
      request_id: 'r-1',
      conversation_pk: CONVERSATION,
    });
    expect(result.current.draft).toBe('What is a sublease?');
    expect(result.current.editing).toBe(EARLIER);
    expect(attachments.restore).toHaveBeenCalledWith([LEASE]);
  });

  it('gives nothing back for a regenerated answer, which leaves the box alone', async () => {
    const sockets = stubWebSocket();
    const { result, regenerate } = renderBox(CONVERSATION, () => Promise.resolve(true));
    act(() => result.current.setDraft('Sent before'));
    await act(() => result.current.send());
    const answer = message({ pk: 'a1', seq: 2 });
    act(() => result.current.regenerate(answer));
    expect(regenerate).toHaveBeenCalledWith('a1');
    chatRuntime().socket.keepOpen();
    const socket = sockets.latest();
    socket.open();
    socket.receive({ type: 'error', detail: 'monthly_limit_reached', request_id: 'r-2' });
    expect(result.current.draft).toBe('');
  });

  it('opens what clears an encryption refusal, then takes the conversation’s error back', async () => {
    const sockets = stubWebSocket();
    let cleared!: (value: boolean) => void;
    const recover = vi.fn(() => new Promise<boolean>((resolve) => (cleared = resolve)));
    renderBox(CONVERSATION, () => Promise.resolve(true), recover);
    chatRuntime().socket.keepOpen();
    const socket = sockets.latest();
    socket.open();
    socket.receive({ type: 'error', detail: 'decryption_locked', conversation_pk: CONVERSATION });
    expect(recover).toHaveBeenCalledWith('decryption_locked');
    const { store } = chatRuntime();
    expect(store.get(CONVERSATION).error).toBe('decryption_locked');
    await act(async () => cleared(true));
    expect(store.get(CONVERSATION).error).toBeUndefined();
  });
});
