import { describe, expect, it } from 'vitest';
import { ChatStore } from './chat-store';
import { CONVERSATION, message, messagePage } from './test-data';

// Questions follow the answer before them (parent_pk); an exchange accepted anywhere replaces
// what the shown branch had after the message its question follows.

const question = (seq: number, parent: string | null, content = `Question ${seq}`) =>
  message({ pk: `q${seq}`, seq, role: 'user', content, parent_pk: parent });
const answer = (seq: number, parent: string) =>
  message({ pk: `a${seq}`, seq, content: `Answer ${seq}`, parent_pk: parent });

/** A store showing two finished exchanges. */
function shown() {
  const store = new ChatStore();
  store.setPage(
    CONVERSATION,
    messagePage([question(1, null), answer(2, 'q1'), question(3, 'a2'), answer(4, 'q3')]),
  );
  return store;
}

const accepted = (q: ReturnType<typeof message>, answerSeq: number, requestId = 'elsewhere') =>
  ({
    type: 'chat.accepted',
    request_id: requestId,
    conversation_pk: CONVERSATION,
    question: q,
    answer: message({
      pk: `a${answerSeq}`,
      seq: answerSeq,
      content: '',
      status: 'streaming',
      parent_pk: q.pk,
    }),
  }) as const;

const pks = (store: ChatStore) => store.get(CONVERSATION).messages.map((m) => m.pk);

describe('an exchange accepted in another tab', () => {
  it('adds a new question and its answer, which the deltas then write', () => {
    const store = shown();
    store.apply(accepted(question(5, 'a4'), 6));
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

  it('replaces the answer written again with its new version', () => {
    const store = shown();
    store.apply(accepted({ ...question(3, 'a2') }, 5));
    expect(pks(store)).toEqual(['q1', 'a2', 'q3', 'a5']);
  });

  it('replaces an edited question, and all that followed it, with the new branch', () => {
    const store = shown();
    store.apply(accepted(question(5, null, 'First, edited'), 6));
    expect(pks(store)).toEqual(['q5', 'a6']);
    expect(store.get(CONVERSATION).messages[0]?.content).toBe('First, edited');
  });

  it('leaves a page opened at a search hit, far from the end, as it is', () => {
    const store = new ChatStore();
    store.setPage(
      CONVERSATION,
      messagePage([question(1, null), answer(2, 'q1')], { has_newer: true }),
    );
    store.apply(accepted(question(9, 'a8'), 10));
    expect(pks(store)).toEqual(['q1', 'a2']);
  });

  it("keeps this tab's own question waiting for its own acceptance", () => {
    const store = shown();
    store.request('mine', CONVERSATION);
    store.apply(accepted(question(5, 'a4'), 6));
    expect(store.get(CONVERSATION).sending).toBe(true);
    store.apply(accepted(question(7, 'a6'), 8, 'mine'));
    expect(store.get(CONVERSATION).sending).toBe(false);
    expect(pks(store)).toEqual(['q1', 'a2', 'q3', 'a4', 'q5', 'a6', 'q7', 'a8']);
  });

  it("starts a fresh view for this tab's own question when what it follows is not loaded", () => {
    const store = new ChatStore();
    store.setPage(
      CONVERSATION,
      messagePage([question(3, 'a2'), answer(4, 'q3')], { has_more: true }),
    );
    store.request('mine', CONVERSATION);
    store.apply(accepted(question(5, 'a2', 'Edited'), 6, 'mine'));
    expect(pks(store)).toEqual(['q5', 'a6']);
    expect(store.get(CONVERSATION).hasMore).toBe(true);
  });
});

describe('another branch shown', () => {
  it('replaces what was shown, newer messages of the old branch included', () => {
    const store = shown();
    store.setPage(
      CONVERSATION,
      messagePage([question(1, null), message({ pk: 'a0', seq: 2, parent_pk: 'q1' })]),
      { replace: true },
    );
    expect(pks(store)).toEqual(['q1', 'a0']);
  });
});

describe('a page read while its answer was written', () => {
  const streamingAnswer = (content: string) =>
    message({ pk: 'a2', seq: 2, content, status: 'streaming', parent_pk: 'q1' });

  /** A store that saw the exchange over the socket before its page arrived. */
  function askedBeforeThePage() {
    const store = new ChatStore();
    store.request('mine', CONVERSATION);
    store.apply(accepted(question(1, null), 2, 'mine'));
    store.apply({
      type: 'chat.delta',
      conversation_pk: CONVERSATION,
      message_pk: 'a2',
      offset: 0,
      text: 'Yes, under art. 6',
    });
    return store;
  }

  it('keeps an answer that ended before the page came', () => {
    const store = askedBeforeThePage();
    const ended = message({ pk: 'a2', seq: 2, content: 'Yes, under art. 6.', parent_pk: 'q1' });
    store.apply({ type: 'chat.done', conversation_pk: CONVERSATION, message: ended });
    store.setPage(CONVERSATION, messagePage([question(1, null), streamingAnswer('Yes')]));
    expect(store.get(CONVERSATION).messages.at(-1)).toEqual(ended);
  });

  it('keeps more of an answer than the page shows, and takes more from the page', () => {
    const store = askedBeforeThePage();
    store.setPage(CONVERSATION, messagePage([question(1, null), streamingAnswer('Yes')]));
    expect(store.get(CONVERSATION).messages.at(-1)?.content).toBe('Yes, under art. 6');
    store.setPage(
      CONVERSATION,
      messagePage([question(1, null), streamingAnswer('Yes, under art. 6 and 7')]),
    );
    expect(store.get(CONVERSATION).messages.at(-1)?.content).toBe('Yes, under art. 6 and 7');
  });
});
