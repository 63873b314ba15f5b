import { setTimeout as sleep } from 'node:timers/promises';
import type { LlmEvent, LlmMessage, LlmModel } from './llm';
import { describeModel } from './model-catalog';
import { estimateUsage } from './usage-estimate';

export const DEMO_MODEL_NAME = 'themis-demo';

/**
 * What the demo says, and a sample that shows, without a model, how an answer's citations of
 * the law become links to their sources (real acts and judgments).
 */
export const DEMO_ANSWERS = {
  en:
    'This is the Themis demo, not a real model, so it cannot answer your question. ' +
    'To get real answers, connect a model: set OPENAI_API_KEY (or OPENAI_BASE_URL for an ' +
    'OpenAI-compatible server) or ANTHROPIC_API_KEY, or run Ollama on this machine, ' +
    'then restart Themis and choose the model in the chat.\n\n' +
    '**A sample of cited law** (not an answer to your question): whoever culpably causes ' +
    'damage to another must repair it (art. 415 k.c., Dz.U. 1964 Nr 16, poz. 93); personal ' +
    'data may be processed for a legitimate interest under Article 6(1)(f) GDPR, and sent ' +
    'outside the EU only as the Court of Justice held in C-311/18.',
  pl:
    'To jest demo Themis, a nie prawdziwy model, więc nie może odpowiedzieć na Twoje pytanie. ' +
    'Aby otrzymywać prawdziwe odpowiedzi, podłącz model: ustaw OPENAI_API_KEY (lub ' +
    'OPENAI_BASE_URL dla serwera zgodnego z OpenAI) albo ANTHROPIC_API_KEY, albo uruchom ' +
    'Ollamę na tym komputerze, a następnie uruchom Themis ponownie i wybierz model w czacie.\n\n' +
    '**Przykład cytowania przepisów** (nie odpowiedź na Twoje pytanie): kto z winy swej ' +
    'wyrządził drugiemu szkodę, obowiązany jest do jej naprawienia (art. 415 k.c., Dz.U. 1964 ' +
    'Nr 16, poz. 93); dane osobowe można przetwarzać w prawnie uzasadnionym interesie ' +
    '(art. 6 ust. 1 lit. f RODO), a przekazywać poza UE tylko tak, jak orzekł Trybunał ' +
    'Sprawiedliwości w sprawie C-311/18.',
} as const;

export function describeDemoModel(): LlmModel {
  return describeModel({
    provider: 'demo',
    model: DEMO_MODEL_NAME,
    displayName: 'Themis demo (not a real model)',
  });
}

/** A few words a chunk, so the stream looks and stops like a real one. */
function splitIntoChunks(text: string): string[] {
  return text.match(/(?:\S+\s*){1,3}/g) ?? [];
}

/** The offline model: the same answer every time, streamed with a short pause between chunks. */
export async function* streamDemoAnswer(options: {
  system: string;
  messages: LlmMessage[];
  language: 'en' | 'pl';
  signal: AbortSignal;
  chunkDelayMs: number;
}): AsyncGenerator<LlmEvent> {
  const answer = DEMO_ANSWERS[options.language];
  for (const chunk of splitIntoChunks(answer)) {
    try {
      await sleep(options.chunkDelayMs, undefined, { signal: options.signal });
    } catch {
      return;
    }
    yield { type: 'delta', text: chunk };
  }
  if (options.signal.aborted) return;
  yield {
    type: 'done',
    usage: estimateUsage({ system: options.system, messages: options.messages, answer }),
    finish_reason: 'stop',
  };
}
