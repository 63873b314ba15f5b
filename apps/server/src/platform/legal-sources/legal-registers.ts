import type { SourceRef } from '@themis/shared/citations';
import { createCircuitBreaker } from './circuit-breaker';
import { askEli, askSaos, type RegisterAnswer } from './registers';

/** The registers cited sources are checked in: the Sejm's ELI API for acts, SAOS for judgments. */
export interface LegalRegisters {
  /** What the source's register says; `undefined` when no register keeps sources of its kind. */
  check(source: SourceRef): Promise<RegisterAnswer | undefined>;
}

/** A register is asked for at most this long: a slow one must not hold the page. */
const ANSWER_WITHIN_MS = 2_500;
/** After three failures in a row a register is left alone for a minute. */
const BREAKER = { failures: 3, pauseMs: 60_000 };

export function createLegalRegisters(options: {
  eliUrl: string;
  saosUrl: string;
  timeoutMs?: number;
  now?: () => number;
}): LegalRegisters {
  const timeoutMs = options.timeoutMs ?? ANSWER_WITHIN_MS;
  const breakers = {
    eli: createCircuitBreaker({ ...BREAKER, now: options.now }),
    saos: createCircuitBreaker({ ...BREAKER, now: options.now }),
  };
  async function ask(
    register: keyof typeof breakers,
    question: () => Promise<RegisterAnswer>,
  ): Promise<RegisterAnswer> {
    const breaker = breakers[register];
    if (breaker.isOpen()) return { state: 'unreachable' };
    try {
      const answer = await question();
      if (answer.state === 'unreachable') breaker.failed();
      else breaker.succeeded();
      return answer;
    } catch {
      breaker.failed();
      return { state: 'unreachable' };
    }
  }
  return {
    async check(source) {
      if (source.kind === 'pl-act') {
        return ask('eli', () => askEli(options.eliUrl, source, timeoutMs));
      }
      if (source.kind === 'pl-judgment') {
        return ask('saos', () => askSaos(options.saosUrl, source, timeoutMs));
      }
      return undefined;
    },
  };
}
