// What the test model provider (llm-server.ts) does on cue, shared with the specs that cue it.

/** A question holding this gets a few words and then the provider's own error event. */
export const E2E_FAILING_QUESTION_MARK = 'provider overloaded';
/** What a failing answer writes before the error. */
export const E2E_PARTIAL_ANSWER = 'The answer begins with art. 6';
