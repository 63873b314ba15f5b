import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

interface SeenBody {
  model?: string;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

/** One request as the fake provider saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  /** The JSON body; empty for a body-less request. */
  body: SeenBody;
  /** The client's end of the connection: the same for requests on a kept-alive connection. */
  remotePort: number | undefined;
  /** Resolves when the connection of this request closes; true when before the answer ended. */
  closedEarly: Promise<boolean>;
}

export type UpstreamRoute = (request: SeenRequest, res: ServerResponse) => void | Promise<void>;

export interface FakeUpstream {
  url: string;
  requests: SeenRequest[];
  route: UpstreamRoute;
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 (on a free port unless given) whose behaviour `route` sets. */
export async function startFakeUpstream(route: UpstreamRoute, port = 0): Promise<FakeUpstream> {
  const upstream: FakeUpstream = {
    url: '',
    requests: [],
    route,
    close: () => closeServer(server),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: text ? (JSON.parse(text) as SeenBody) : {},
        remotePort: req.socket.remotePort,
        closedEarly: new Promise((resolve) => res.on('close', () => resolve(!res.writableEnded))),
      };
      upstream.requests.push(seen);
      void upstream.route(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return upstream;
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port on which nothing listens. */
export async function findClosedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await closeServer(server);
  return port;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function startEventStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

export interface ScriptedAnswer {
  deltas: string[];
  usage?: { input: number; output: number };
  delayMs?: number;
  /**
   * After the deltas: `hang` keeps the connection open silently, `drop` destroys it, `error`
   * sends the protocol's own error event (as a provider overloaded mid-answer does) and ends.
   */
  then?: 'finish' | 'hang' | 'drop' | 'error';
  /** After the error event the connection stays open, as some servers leave it. */
  openAfterError?: boolean;
}

/** Plays the deltas; the ending still to write, or undefined when the connection is done. */
async function playDeltas(
  res: ServerResponse,
  answer: ScriptedAnswer,
  writeDelta: (text: string) => void,
): Promise<'finish' | 'error' | undefined> {
  for (const text of answer.deltas) {
    if (res.destroyed) return undefined;
    writeDelta(text);
    await pause(answer.delayMs ?? 5);
  }
  if (answer.then === 'drop') res.socket?.destroy();
  if (res.destroyed) return undefined;
  const then = answer.then ?? 'finish';
  return then === 'finish' || then === 'error' ? then : undefined;
}

/** What OpenAI-compatible servers (vLLM, LiteLLM, OpenRouter) send when a stream fails. */
const OPENAI_STREAM_ERROR = {
  error: { message: 'The server is overloaded', type: 'server_error', code: 'overloaded' },
};

/** Anthropic's error body, in an `event: error` mid-stream or as a failed response. */
export const anthropicError = (type: string, message: string) => ({
  type: 'error',
  error: { type, message },
});

/** OpenAI chat completions: `data: {chunk}` lines, a usage chunk when asked for, `[DONE]`. */
export async function streamOpenAiAnswer(
  request: SeenRequest,
  res: ServerResponse,
  answer: ScriptedAnswer,
): Promise<void> {
  const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1_700_000_000 };
  const model = request.body.model;
  const send = (chunk: object) =>
    res.write(`data: ${JSON.stringify({ ...base, model, ...chunk })}\n\n`);
  startEventStream(res);
  send({ choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  const then = await playDeltas(res, answer, (content) =>
    send({ choices: [{ index: 0, delta: { content }, finish_reason: null }] }),
  );
  if (!then) return;
  if (then === 'error') {
    res.write(`data: ${JSON.stringify(OPENAI_STREAM_ERROR)}\n\n`);
    if (!answer.openAfterError) res.end('data: [DONE]\n\n');
    return;
  }
  send({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
  if (request.body.stream_options?.include_usage && answer.usage) {
    const { input, output } = answer.usage;
    send({
      choices: [],
      usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
    });
  }
  res.end('data: [DONE]\n\n');
}

/**
 * OpenAI chat completions that keep writing (`text(i)` every 20 ms, so no idle timeout ends
 * them however slow the machine) until `released()` says the test is done with them.
 */
export async function streamOpenAiUntilReleased(
  request: SeenRequest,
  res: ServerResponse,
  options: { released: () => boolean; text: (i: number) => string },
): Promise<void> {
  const send = (content: string | undefined, finish: string | null) =>
    res.write(
      `data: ${JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        created: 1_700_000_000,
        model: request.body.model,
        choices: [
          { index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish },
        ],
      })}\n\n`,
    );
  startEventStream(res);
  for (let i = 0; !options.released() && !res.destroyed; i++) {
    send(options.text(i), null);
    await pause(20);
  }
  send(undefined, 'stop');
  res.end('data: [DONE]\n\n');
}

/** Anthropic messages: message_start, content blocks, message_delta with usage, message_stop. */
export async function streamAnthropicAnswer(
  request: SeenRequest,
  res: ServerResponse,
  answer: ScriptedAnswer,
): Promise<void> {
  const send = (event: string, data: object) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
  const usage = answer.usage ?? { input: 0, output: 0 };
  startEventStream(res);
  send('message_start', {
    message: {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      model: request.body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: 1 },
    },
  });
  send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
  send('ping', {});
  const then = await playDeltas(res, answer, (text) =>
    send('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
  );
  if (!then) return;
  if (then === 'error') {
    const error = anthropicError('overloaded_error', 'Overloaded');
    res.write(`event: error\ndata: ${JSON.stringify(error)}\n\n`);
    if (!answer.openAfterError) res.end();
    return;
  }
  send('content_block_stop', { index: 0 });
  send('message_delta', {
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: usage.output },
  });
  send('message_stop', {});
  res.end();
}
