import type { ServerResponse } from 'node:http';
import {
  sendJson,
  startFakeUpstream,
  streamOpenAiAnswer,
  type SeenRequest,
} from '../apps/server/test/llm-upstreams';
import {
  E2E_ANSWER_END,
  E2E_CITING_QUESTION_MARK,
  E2E_EXPORT_QUESTION_MARK,
  E2E_COSTLY_ANSWER_TOKENS,
  E2E_COSTLY_QUESTION_MARK,
  E2E_FAILING_QUESTION_MARK,
  E2E_INVENTED_ACT,
  E2E_LLM_MODEL,
  E2E_LLM_PORT,
  E2E_LONG_ANSWER_LINES,
  E2E_LONG_QUESTION_MARK,
  E2E_PARTIAL_ANSWER,
  E2E_RICH_ANSWER_ROWS,
  E2E_RICH_QUESTION_MARK,
  E2E_SLOW_QUESTION_MARK,
} from './env';

// Run with `node --import tsx e2e/llm-server.ts`: an OpenAI-compatible provider on loopback
// that Playwright starts before Themis, so the browser tests see real streaming from an
// upstream they can slow down (to stop an answer, or reload in the middle of one) or fail.

interface ChatBody {
  messages?: { role: string; content: unknown }[];
}

/** The text of the request's last user message (string or content parts). */
function lastQuestion(request: SeenRequest): string {
  const messages = (request.body as ChatBody).messages ?? [];
  const last = messages.filter((message) => message.role === 'user').at(-1);
  if (!last) return '';
  if (typeof last.content === 'string') return last.content;
  return JSON.stringify(last.content);
}

/** Words of a slow answer: about ten seconds of streaming. */
function slowDeltas(): string[] {
  const words = Array.from({ length: 40 }, (_, index) => `part${index + 1} `);
  return [...words, E2E_ANSWER_END];
}

/** A quick answer in markdown that repeats any CLAUSE-n marker the question's files carry. */
function quickDeltas(question: string): string[] {
  const clauses = [...new Set(question.match(/CLAUSE-\d+/g) ?? [])];
  const found = clauses.length ? `Your file mentions ${clauses.join(', ')}.` : 'No file was read.';
  return [
    '**Summary.** ',
    found,
    '\n\n',
    '| Term | Value |\n|---|---|\n| Rent | monthly |\n\n',
    E2E_ANSWER_END,
  ];
}

/**
 * An answer that cites the law: what its sources list and their checks are tested on. A
 * question naming `poz. N` has the act that does not exist at that position instead.
 */
function citingDeltas(question: string): string[] {
  const invented = /poz\. (\d+)/.exec(question)?.[1];
  return [
    'Liability for damage is governed by art. 415 k.c. ',
    'The old data protection act (Dz.U. 1997 Nr 133, poz. 883) was repealed; ',
    'personal data are now processed under Regulation (EU) 2016/679, ',
    'and the Supreme Court ruled on loans in III CZP 25/22. ',
    `See also ${invented ? `Dz. U. z 2023 r. poz. ${invented}` : E2E_INVENTED_ACT}. `,
    E2E_ANSWER_END,
  ];
}

/** What an exported file is tested on: a heading, a citation, a table and a code block. */
function caseFileDeltas(): string[] {
  return [
    '## Notice periods\n\n',
    'A lease for an indefinite time ends on notice under art. 673 § 1 k.c.\n\n',
    '| Rent paid | Notice |\n|---|---|\n| monthly | 3 months |\n\n',
    '```text\nnotice = 3 months\n```\n\n',
    E2E_ANSWER_END,
  ];
}

// Long answers waiting for the test to let them end, and keys released before they waited.
const waiting = new Map<string, () => void>();
const released = new Set<string>();

function release(key: string) {
  released.add(key);
  waiting.get(key)?.();
}

/** The lines of a long answer: written before the hold, and after it is released. */
interface HeldAnswer {
  before: string[];
  after: string[];
}

function plainHeldAnswer(): HeldAnswer {
  const line = (n: number) => `Line ${n} of the answer.\n\n`;
  return {
    before: Array.from({ length: E2E_LONG_ANSWER_LINES }, (_, i) => line(i + 1)),
    after: Array.from({ length: 10 }, (_, i) => line(E2E_LONG_ANSWER_LINES + i + 1)),
  };
}

/** Markdown whose blocks change shape as it grows: a code block still open when held, then a table. */
function richHeldAnswer(): HeldAnswer {
  const rows = E2E_RICH_ANSWER_ROWS;
  return {
    before: [
      '## Notice periods\n\n',
      ...Array.from({ length: rows }, (_, i) => `- Point ${i + 1} of the list.\n`),
      '\n```text\n',
      ...Array.from({ length: rows }, (_, i) => `clause ${i + 1}: notice\n`),
    ],
    after: [
      '```\n\n| Term | Period |\n|---|---|\n',
      ...Array.from({ length: rows }, (_, i) => `| Row ${i + 1} | ${i + 1} months |\n`),
      '\n',
    ],
  };
}

/** A long answer that stays open after its first lines until the test releases `key`. */
async function streamHeldAnswer(
  request: SeenRequest,
  res: ServerResponse,
  key: string,
  answer: HeldAnswer,
) {
  const send = (content: string, finish: string | null = null) =>
    res.write(
      `data: ${JSON.stringify({
        id: 'chatcmpl-held',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model: request.body.model,
        choices: [{ index: 0, delta: finish ? {} : { content }, finish_reason: finish }],
      })}\n\n`,
    );
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const part of answer.before) {
    send(part);
    await pause(10);
  }
  const go = new Promise<void>((resolve) => {
    if (released.has(key)) resolve();
    else waiting.set(key, resolve);
  });
  // Empty chunks while held, so the server's idle timeout never ends the answer.
  let held = true;
  void go.then(() => (held = false));
  while (held && !res.destroyed) {
    send('');
    await Promise.race([go, pause(1000)]);
  }
  waiting.delete(key);
  for (const part of answer.after) {
    send(part);
    await pause(10);
  }
  send(E2E_ANSWER_END);
  send('', 'stop');
  res.end('data: [DONE]\n\n');
}

const upstream = await startFakeUpstream(async (request, res) => {
  const releasing = /^\/test\/release\/([\w-]+)$/.exec(request.path);
  if (request.method === 'POST' && releasing) {
    release(releasing[1]!);
    sendJson(res, 200, {});
    return;
  }
  if (request.method === 'GET' && request.path === '/v1/models') {
    sendJson(res, 200, { object: 'list', data: [{ id: E2E_LLM_MODEL, object: 'model' }] });
    return;
  }
  if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
    sendJson(res, 404, { error: { message: 'not found' } });
    return;
  }
  const question = lastQuestion(request);
  if (question.includes(E2E_FAILING_QUESTION_MARK)) {
    // Overloaded mid-answer: what was written stays, the answer ends as an error.
    await streamOpenAiAnswer(request, res, {
      deltas: [`${E2E_PARTIAL_ANSWER} `, 'and then'],
      delayMs: 20,
      then: 'error',
    });
    return;
  }
  const hold = /hold-([\w-]+)/.exec(question);
  if (hold && question.includes(E2E_RICH_QUESTION_MARK)) {
    await streamHeldAnswer(request, res, hold[1]!, richHeldAnswer());
    return;
  }
  if (hold && question.includes(E2E_LONG_QUESTION_MARK)) {
    await streamHeldAnswer(request, res, hold[1]!, plainHeldAnswer());
    return;
  }
  const slow = question.includes(E2E_SLOW_QUESTION_MARK);
  const citing = question.includes(E2E_CITING_QUESTION_MARK);
  const caseFile = question.includes(E2E_EXPORT_QUESTION_MARK);
  await streamOpenAiAnswer(request, res, {
    deltas: slow
      ? slowDeltas()
      : citing
        ? citingDeltas(question)
        : caseFile
          ? caseFileDeltas()
          : quickDeltas(question),
    delayMs: slow ? 250 : 20,
    usage: {
      input: 120,
      output: question.includes(E2E_COSTLY_QUESTION_MARK) ? E2E_COSTLY_ANSWER_TOKENS : 40,
    },
  });
}, E2E_LLM_PORT);
process.stdout.write(`model provider ready at ${upstream.url}\n`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void upstream.close().then(() => process.exit(0));
  });
}
