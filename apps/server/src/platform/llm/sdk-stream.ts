import { streamText, type LanguageModel, type ModelMessage } from 'ai';
import type { LlmEvent, LlmFinishReason, LlmMessage } from './llm';
import { countInputTokens, countTokens } from './usage-estimate';

export interface SdkStreamOptions {
  model: LanguageModel;
  system: string;
  messages: LlmMessage[];
  signal: AbortSignal;
  idleTimeoutMs: number;
  onUpstreamError: (error: unknown) => void;
}

function toModelMessages(messages: LlmMessage[]): ModelMessage[] {
  return messages.map((message): ModelMessage => {
    if (typeof message.content === 'string') {
      return { role: message.role, content: message.content };
    }
    if (message.role === 'assistant') {
      const text = message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []));
      return { role: 'assistant', content: text.join('') };
    }
    return {
      role: 'user',
      content: message.content.map((part) =>
        part.type === 'text'
          ? { type: 'text' as const, text: part.text }
          : { type: 'image' as const, image: part.data, mediaType: part.mediaType },
      ),
    };
  });
}

function toFinishReason(reason: string): LlmFinishReason {
  return reason === 'stop' || reason === 'length' || reason === 'content-filter' ? reason : 'other';
}

/**
 * One answer through the AI SDK, as gateway events. The idle timer is ours rather than the
 * SDK's so that it also covers the wait for the response headers and so that a timeout can
 * be told apart from the caller's stop.
 */
export async function* streamWithSdk(options: SdkStreamOptions): AsyncGenerator<LlmEvent> {
  if (options.signal.aborted) return;
  const upstream = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const armIdleTimer = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      upstream.abort(new Error('upstream idle timeout'));
    }, options.idleTimeoutMs);
  };
  const stop = () => upstream.abort(options.signal.reason);
  options.signal.addEventListener('abort', stop, { once: true });
  armIdleTimer();

  let answer = '';
  let failure: unknown;
  let finish:
    { usage: { inputTokens?: number; outputTokens?: number }; reason: string } | undefined;
  try {
    const result = streamText({
      model: options.model,
      system: options.system,
      messages: toModelMessages(options.messages),
      abortSignal: upstream.signal,
      // A failed call is reported at once; the person decides whether to send again.
      maxRetries: 0,
      // Errors arrive as stream parts below; the default handler would print them.
      onError: () => undefined,
    });
    for await (const part of result.fullStream) {
      armIdleTimer();
      if (part.type === 'text-delta' && part.text) {
        answer += part.text;
        yield { type: 'delta', text: part.text };
      } else if (part.type === 'error') {
        // The answer is lost: some servers keep the connection open after an error chunk, and
        // waiting for its end would turn the error into a timeout a minute later.
        failure = part.error;
        break;
      } else if (part.type === 'finish') {
        finish = { usage: part.totalUsage, reason: part.finishReason };
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(timer);
    options.signal.removeEventListener('abort', stop);
    // Also reached when the consumer stops iterating early: the upstream must not run on.
    upstream.abort();
  }

  if (timedOut) {
    yield { type: 'error', code: 'upstream_timeout' };
    return;
  }
  if (options.signal.aborted) return;
  if (failure !== undefined || !finish || finish.reason === 'error') {
    options.onUpstreamError(failure ?? new Error('the stream ended without finishing'));
    yield { type: 'error', code: 'upstream_error' };
    return;
  }
  const { inputTokens, outputTokens } = finish.usage;
  const reported = inputTokens !== undefined && outputTokens !== undefined;
  yield {
    type: 'done',
    usage: reported
      ? { input_tokens: inputTokens, output_tokens: outputTokens, estimated: false }
      : {
          input_tokens: inputTokens ?? countInputTokens(options),
          output_tokens: outputTokens ?? countTokens(answer),
          estimated: true,
        },
    finish_reason: toFinishReason(finish.reason),
  };
}
