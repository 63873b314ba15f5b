import { describe, expect, it } from 'vitest';
import { ChatStore } from './chat-store';
import { CONVERSATION, message, messagePage } from './test-data';

const question = (seq: number, content = `Question ${seq}`) =>
  message({ pk: `q${seq}`, seq, role: 'user', content });
const answer = (seq: number, pk = `a${seq}`) => message({ pk, seq, content: `Answer ${seq}` });

/** A store showing two finished exchanges. */
function shown() {
  const store = new ChatStore();
  store.setPage(CONVERSATION, messagePage([question(1), answer(2), question(3), answer(4)]));
  return store;
}

const accepted = (q: ReturnType<typeof message>, answerPk: string, seq: number) =>
  ({
    type: 'chat.accepted',
    request_id: 'asked-in-another-tab',
    conversation_pk: CONVERSATION,
    question: q,
    answer: message({ pk: answerPk, seq, content: '', status: 'streaming' }),
  }) as const;

const pks = (store: ChatStore) => store.get(CONVERSATION).messages.map((m) => m.pk);

describe('a question asked in another tab', () => {
  it('adds the question and its answer, which the deltas then write', () => {
    const store = shown();
    store.apply(accepted(question(5), 'a6', 6));
    expect(pks(store)).toEqual(['q1', 'a2', 'q3', 'a4', 'q5', 'a6']);
    store.apply({
      type: 'chat.delta',
      conversation_pk: CONVERSATION,
      message_pk: 'a6',
      offset: 0,
      text: 'Yes.',
    });
    expect(store.get(CONVERSATION).messages.at(-1)?.content).toBe('Yes.');
    // Nothing was sent from this tab.
    expect(store.get(CONVERSATION).sending).toBe(false);
  });

  it('replaces the answer a regenerate replaced', () => {
    const store = shown();
    store.apply(accepted(question(3), 'a5', 5));
    expect(pks(store)).toEqual(['q1', 'a2', 'q3', 'a5']);
  });

  it('replaces the question and the answer an edit replaced', () => {
    const store = shown();
    store.apply(accepted(question(3, 'Edited'), 'a5', 5));
    expect(pks(store)).toEqual(['q1', 'a2', 'q3', 'a5']);
    expect(store.get(CONVERSATION).messages[2]?.content).toBe('Edited');
  });

  it('leaves a page opened at a search hit, far from the end, as it is', () => {
    const store = new ChatStore();
    store.setPage(CONVERSATION, messagePage([question(1), answer(2)], { has_newer: true }));
    store.apply(accepted(question(9), 'a10', 10));
    expect(pks(store)).toEqual(['q1', 'a2']);
  });

  it("keeps this tab's own question waiting for its own acceptance", () => {
    const store = shown();
    store.request('mine', CONVERSATION, 'send');
    store.apply(accepted(question(5), 'a6', 6));
    expect(store.get(CONVERSATION).sending).toBe(true);
    store.apply({ ...accepted(question(7), 'a8', 8), request_id: 'mine' });
    expect(store.get(CONVERSATION).sending).toBe(false);
    expect(pks(store)).toEqual(['q1', 'a2', 'q3', 'a4', 'q5', 'a6', 'q7', 'a8']);
  });
});
