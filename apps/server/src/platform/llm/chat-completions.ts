import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LlmContentPart, LlmEvent, LlmMessage } from './llm';
import { ServerSentEvents } from './server-sent-events';
import { streamUpstream, type UpstreamPart, type UpstreamStreamOptions } from './upstream-stream';

/** An OpenAI-compatible server: vLLM, LM Studio, Ollama, llama.cpp and the like. */
export interface ChatCompletionsEndpoint {
  /** Up to and including the API's version, e.g. `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  apiKey?: string;
}

export interface ChatCompletionsStreamOptions extends UpstreamStreamOptions {
  model: string;
  maxOutputTokens?: number;
}

/** How much of a refusal's body is kept for the log. */
const ERROR_BODY_CHARS = 2000;

class UpstreamHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`the model server answered ${status}`);
  }
}

function toContent(content: string | LlmContentPart[]) {
  if (typeof content === 'string') return content;
  if (content.length === 1 && content[0]?.type === 'text') return content[0].text;
  return content.map((part) =>
    part.type === 'text'
      ? { type: 'text', text: part.text }
      : {
          type: 'image_url',
          image_url: {
            url: `data:${part.mediaType};base64,${Buffer.from(part.data).toString('base64')}`,
          },
        },
  );
}

/** The request's messages: the system prompt, then the turns (an answer is its text). */
function toChatMessages(system: string, messages: LlmMessage[]) {
  return [
    { role: 'system', content: system },
    ...messages.map((message) =>
      message.role === 'user'
        ? { role: 'user', content: toContent(message.content) }
        : {
            role: 'assistant',
            content:
              typeof message.content === 'string'
                ? message.content
                : message.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
          },
    ),
  ];
}

const count = (value: unknown) =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : undefined;

interface ChatChunk {
  error?: unknown;
  choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
}

/** The finish reasons of chat completions, in the gateway's words; any other is 'other'. */
const FINISH_REASONS = new Map([
  ['stop', 'stop'],
  ['length', 'length'],
  ['content_filter', 'content-filter'],
]);

/** What one chunk says: its text, and perhaps why the answer ended, its usage, a failure. */
interface ChunkNews {
  text: string;
  reason?: string;
  usage?: { inputTokens: number | undefined; outputTokens: number | undefined };
  error?: Error;
}

function describeError(error: unknown): string {
  const message =
    typeof error === 'string'
      ? error
      : typeof (error as { message?: unknown }).message === 'string'
        ? (error as { message: string }).message
        : 'no message';
  return message.slice(0, ERROR_BODY_CHARS);
}

/** Plain checks rather than a schema: this runs for every token. Throws on a chunk not JSON. */
function readChunk(data: string): ChunkNews {
  const chunk = JSON.parse(data) as ChatChunk | null;
  if (!chunk || typeof chunk !== 'object') throw new Error('a stream chunk is not an object');
  if (chunk.error) {
    return { text: '', error: new Error(`the model server failed: ${describeError(chunk.error)}`) };
  }
  const choice = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
  const content = choice?.delta?.content;
  const news: ChunkNews = { text: typeof content === 'string' ? content : '' };
  if (typeof choice?.finish_reason === 'string') {
    news.reason = FINISH_REASONS.get(choice.finish_reason) ?? 'other';
  }
  if (chunk.usage && typeof chunk.usage === 'object') {
    news.usage = {
      inputTokens: count(chunk.usage.prompt_tokens),
      outputTokens: count(chunk.usage.completion_tokens),
    };
  }
  return news;
}

async function readError(response: IncomingMessage): Promise<string> {
  response.setEncoding('utf8');
  let body = '';
  for await (const text of response) {
    body += text as string;
    if (body.length >= ERROR_BODY_CHARS) break;
  }
  return body.slice(0, ERROR_BODY_CHARS);
}

/**
 * A streaming chat-completions client on node:http, for servers that speak OpenAI's dialect.
 * It reads the event stream itself: through fetch and the AI SDK's stream layers, each token
 * cost the server about three times the work (docs/decisions.md, Model gateway).
 */
export function createChatCompletionsClient(endpoint: ChatCompletionsEndpoint) {
  const url = new URL(`${endpoint.baseUrl}/chat/completions`);
  const https = url.protocol === 'https:';
  // Connections are kept for the next answer, as fetch's pool did.
  const agent = https ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });

  function post(body: string, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const request = (https ? httpsRequest : httpRequest)(url, {
        method: 'POST',
        agent,
        signal,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          accept: 'text/event-stream',
          ...(endpoint.apiKey && { authorization: `Bearer ${endpoint.apiKey}` }),
        },
      });
      request.once('response', resolve);
      request.once('error', reject);
      request.end(body);
    });
  }

  async function* parts(
    options: ChatCompletionsStreamOptions,
    signal: AbortSignal,
  ): AsyncGenerator<UpstreamPart> {
    const response = await post(
      JSON.stringify({
        model: options.model,
        messages: toChatMessages(options.system, options.messages),
        stream: true,
        stream_options: { include_usage: true },
        ...(options.maxOutputTokens !== undefined && { max_tokens: options.maxOutputTokens }),
      }),
      signal,
    );
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      yield { type: 'error', error: new UpstreamHttpError(status, await readError(response)) };
      return;
    }
    response.setEncoding('utf8');
    const events = new ServerSentEvents();
    let reason: string | undefined;
    let inputTokens: number | undefined;
    let outputTokens: number | undefined;
    const finish = (): UpstreamPart => ({
      type: 'finish',
      reason: reason ?? 'other',
      ...(inputTokens !== undefined && { inputTokens }),
      ...(outputTokens !== undefined && { outputTokens }),
    });
    // Read to the end, past [DONE]: a response read whole leaves its connection for the next.
    let done = false;
    for await (const text of response) {
      if (done) continue;
      for (const data of events.push(text as string)) {
        if (data === '[DONE]') {
          done = true;
          break;
        }
        const news = readChunk(data);
        if (news.error) {
          yield { type: 'error', error: news.error };
          return;
        }
        if (news.reason) reason = news.reason;
        if (news.usage) ({ inputTokens, outputTokens } = news.usage);
        yield news.text ? { type: 'delta', text: news.text } : { type: 'alive' };
      }
    }
    // Servers that end without [DONE] still say why the answer ended.
    if (done || reason) yield finish();
  }

  return {
    stream: (options: ChatCompletionsStreamOptions): AsyncGenerator<LlmEvent> =>
      streamUpstream(options, (signal) => parts(options, signal)),
  };
}
