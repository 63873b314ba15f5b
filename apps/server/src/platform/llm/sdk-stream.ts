import type {
  LanguageModelV3,
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  SharedV3Warning,
} from '@ai-sdk/provider';
import type { LlmContentPart, LlmEvent, LlmMessage } from './llm';
import { streamUpstream, type UpstreamPart, type UpstreamStreamOptions } from './upstream-stream';

export interface SdkStreamOptions extends UpstreamStreamOptions {
  model: LanguageModelV3;
  maxOutputTokens?: number;
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
function toPrompt(system: string, messages: LlmMessage[]): LanguageModelV3Prompt {
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

/**
 * One answer through an AI SDK provider, as gateway events. The provider's own stream is read
 * directly rather than through streamText, whose extra stream layers (retries, tools,
 * telemetry: none used here) doubled the server's work per token.
 */
export function streamWithSdk(options: SdkStreamOptions): AsyncGenerator<LlmEvent> {
  return streamUpstream(options, (signal) => sdkParts(options, signal));
}

async function* sdkParts(
  options: SdkStreamOptions,
  signal: AbortSignal,
): AsyncGenerator<UpstreamPart> {
  const { stream } = await options.model.doStream({
    prompt: toPrompt(options.system, options.messages),
    abortSignal: signal,
    ...(options.maxOutputTokens !== undefined && { maxOutputTokens: options.maxOutputTokens }),
  });
  for await (const part of stream) {
    if (part.type === 'text-delta') {
      yield { type: 'delta', text: part.delta };
    } else if (part.type === 'error') {
      yield { type: 'error', error: part.error };
      return;
    } else if (part.type === 'finish') {
      yield {
        type: 'finish',
        reason: part.finishReason.unified,
        inputTokens: part.usage.inputTokens.total,
        outputTokens: part.usage.outputTokens.total,
      };
    } else {
      if (part.type === 'stream-start' && part.warnings.length > 0)
        options.onWarnings(part.warnings);
      yield { type: 'alive' };
    }
  }
}
