import type {
  LanguageModelV3,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { LlmContentPart, LlmEvent, LlmFinishReason, LlmMessage } from './llm';
import { countInputTokens, countTokens } from './usage-estimate';

export interface SdkStreamOptions {
  model: LanguageModelV3;
  system: string;
  messages: LlmMessage[];
  signal: AbortSignal;
  maxOutputTokens?: number;
  idleTimeoutMs: number;
  onUpstreamError: (error: unknown) => void;
  /** What the provider says it changed or ignored in the request. */
  onWarnings: (warnings: SharedV3Warning[]) => void;
}

function toParts(content: string | LlmContentPart[]) {
  if (typeof content === 'string') return [{ type: 'text' as const, text: content }];
  return content.map((part) =>
    part.type === 'text'
      ? { type: 'text' as const, text: part.text }
      : { type: 'file' as const, data: part.data, mediaType: part.mediaType },
  );
}

/** The conversation in the SDK's provider format: the system prompt, then the turns. */
export function toPrompt(system: string, messages: LlmMessage[]): LanguageModelV3Prompt {
  return [
    { role: 'system', content: system },
    ...messages.map((message): LanguageModelV3Message => {
      const parts = toParts(message.content);
      if (message.role === 'user') return { role: 'user', content: parts };
      // An answer is text: what an image part would hold is already in the words.
      return { role: 'assistant', content: parts.filter((part) => part.type === 'text') };
    }),
  ];
}

function toFinishReason(reason: string): LlmFinishReason {
  return reason === 'stop' || reason === 'length' || reason === 'content-filter' ? reason : 'other';
}

/**
 * One answer through an AI SDK provider, as gateway events. The provider's own stream is read
 * directly rather than through streamText, whose extra stream layers (retries, tools,
 * telemetry: none used here) doubled the server's work per token. The idle timer covers the
 * wait for the response headers too, and tells a timeout apart from the caller's stop.
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
  let finish: { inputTokens?: number; outputTokens?: number; reason: string } | undefined;
  try {
    const { stream } = await options.model.doStream({
      prompt: toPrompt(options.system, options.messages),
      abortSignal: upstream.signal,
      ...(options.maxOutputTokens !== undefined && { maxOutputTokens: options.maxOutputTokens }),
    });
    for await (const part of stream) {
      armIdleTimer();
      if (part.type === 'text-delta' && part.delta) {
        answer += part.delta;
        yield { type: 'delta', text: part.delta };
      } else if (part.type === 'error') {
        // The answer is lost: some servers keep the connection open after an error chunk, and
        // waiting for its end would turn the error into a timeout a minute later.
        failure = part.error;
        break;
      } else if (part.type === 'finish') {
        finish = {
          inputTokens: part.usage.inputTokens.total,
          outputTokens: part.usage.outputTokens.total,
          reason: part.finishReason.unified,
        };
      } else if (part.type === 'stream-start' && part.warnings.length > 0) {
        options.onWarnings(part.warnings);
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
  const { inputTokens, outputTokens } = finish;
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
