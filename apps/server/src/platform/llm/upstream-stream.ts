import type { LlmEvent, LlmFinishReason, LlmMessage } from './llm';
import { countInputTokens, countTokens } from './usage-estimate';

/** What a provider's stream says, whatever its protocol. */
export type UpstreamPart =
  | { type: 'delta'; text: string }
  /** Anything else the provider sent (its reasoning, metadata): it is still at work. */
  | { type: 'alive' }
  | { type: 'finish'; reason: string; inputTokens?: number; outputTokens?: number }
  | { type: 'error'; error: unknown };

export interface UpstreamStreamOptions {
  system: string;
  messages: LlmMessage[];
  /** The caller's stop: the stream then ends quietly. */
  signal: AbortSignal;
  idleTimeoutMs: number;
  onUpstreamError: (error: unknown) => void;
}

/** The parts of one answer, read from a request made with `signal`. */
export type OpenUpstream = (signal: AbortSignal) => AsyncIterable<UpstreamPart>;

function toFinishReason(reason: string): LlmFinishReason {
  return reason === 'stop' || reason === 'length' || reason === 'content-filter' ? reason : 'other';
}

/**
 * One answer from a provider, as gateway events. The idle timer covers the wait for the
 * response headers too, and tells a timeout apart from the caller's stop. Upstream trouble
 * never throws: the deltas that arrived are kept and an error event ends the stream.
 */
export async function* streamUpstream(
  options: UpstreamStreamOptions,
  open: OpenUpstream,
): AsyncGenerator<LlmEvent> {
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
  let finish: Extract<UpstreamPart, { type: 'finish' }> | undefined;
  try {
    for await (const part of open(upstream.signal)) {
      armIdleTimer();
      if (part.type === 'delta') {
        if (!part.text) continue;
        answer += part.text;
        yield { type: 'delta', text: part.text };
      } else if (part.type === 'error') {
        // The answer is lost: some servers keep the connection open after an error chunk, and
        // waiting for its end would turn the error into a timeout a minute later.
        failure = part.error;
        break;
      } else if (part.type === 'finish') {
        finish = part;
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
