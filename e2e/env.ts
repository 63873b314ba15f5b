import { join } from 'node:path';

// E2E_PORT_BASE moves the servers' ports, so a second run can go beside a first.
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 5181);
export const E2E_PORT = PORT_BASE;
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = join(import.meta.dirname, '..', '.test-data', `e2e-${PORT_BASE}`);
/** The mailbox the server is configured with (CONTACT_EMAIL), shown wherever users may write. */
export const E2E_CONTACT_EMAIL = 'pomoc@kancelaria-themis.pl';
/** The local OpenID provider the browser tests sign in at instead of Google (oidc-server.ts). */
export const E2E_OIDC_PORT = PORT_BASE + 1;
export const E2E_OIDC_ISSUER = `http://127.0.0.1:${E2E_OIDC_PORT}`;
export const E2E_OIDC_CLIENT = { id: 'themis-e2e', secret: 'e2e-secret' };
/** The OpenAI-compatible provider the browser tests chat with (llm-server.ts). */
export const E2E_LLM_PORT = PORT_BASE + 2;
export const E2E_LLM_MODEL = 'counsel-e2e';
export const E2E_LLM_MODEL_NAME = 'Counsel (test model)';
/** The registers citations are checked in: the ELI API and SAOS (legal-registers-server.ts). */
export const E2E_REGISTERS_PORT = PORT_BASE + 3;
export const E2E_ELI_URL = `http://127.0.0.1:${E2E_REGISTERS_PORT}/eli`;
export const E2E_SAOS_URL = `http://127.0.0.1:${E2E_REGISTERS_PORT}/api`;
/** A question holding this gets a slow answer (about ten seconds). */
export const E2E_SLOW_QUESTION_MARK = 'step by step';
/** Every answer of the test provider ends with this. */
export const E2E_ANSWER_END = 'That is all.';
/** A question holding this gets a few words and then the provider's own error event. */
export const E2E_FAILING_QUESTION_MARK = 'provider overloaded';
/** What a failing answer writes before the error. */
export const E2E_PARTIAL_ANSWER = 'The answer begins with art. 6';
/**
 * A question holding this and `hold-<key>` gets a long answer: E2E_LONG_ANSWER_LINES lines
 * (`Line N of the answer.`), then it stays open until POST /test/release/<key> reaches the
 * provider, and ends with a few more lines and E2E_ANSWER_END.
 */
export const E2E_LONG_QUESTION_MARK = 'line by line';
export const E2E_LONG_ANSWER_LINES = 60;
/**
 * A question holding this and `hold-<key>` gets a long answer in markdown that grows late: a
 * heading, a list and a code block left open (its last line `clause N: notice`), held until
 * released, then the code block closed and a table written row by row (`Row N`).
 */
export const E2E_RICH_QUESTION_MARK = 'with a table';
export const E2E_RICH_ANSWER_ROWS = 20;
/**
 * A question holding this gets an answer citing a code's article, a repealed act, an EU
 * regulation, a judgment and an act that does not exist (E2E_INVENTED_ACT).
 */
export const E2E_CITING_QUESTION_MARK = 'with its sources';
export const E2E_INVENTED_ACT = 'Dz. U. z 2023 r. poz. 99999';
/** A question holding this gets an answer with a heading, a citation, a table and code. */
export const E2E_EXPORT_QUESTION_MARK = 'for the case file';
/** A question holding this gets a quick answer that reports more tokens than any plan allows. */
export const E2E_COSTLY_QUESTION_MARK = 'every statute ever written';
export const E2E_COSTLY_ANSWER_TOKENS = 500_000_000;
