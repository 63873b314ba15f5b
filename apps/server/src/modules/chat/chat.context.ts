import type { Database } from '../../db/client';
import type { UnlockedKeys } from '../../platform/crypto/unlocked-keys';
import type { LlmGateway, LlmUsage } from '../../platform/llm/llm';
import type { FileStorage } from '../../platform/storage/storage';
import type { StreamHub } from './stream-hub';

/** The part of the app logger the chat uses. */
export interface ChatLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ChatContext {
  db: Database;
  llm: LlmGateway;
  storage: FileStorage;
  hub: StreamHub;
  /** Data keys unlocked in sessions: encrypted conversations are sealed and opened with them. */
  unlockedKeys: UnlockedKeys;
  log: ChatLog;
  now: () => Date;
  /** Longest silence from the provider before the answer ends in error; the gateway's default otherwise. */
  idleTimeoutMs?: number;
  /** Hears the tokens each answer used, as it ends (the metrics). */
  onTokens?: (usage: LlmUsage) => void;
}

/**
 * The longest answer in tokens. Held against the monthly limit, with the question's, while
 * the answer is written, so parallel questions cannot pass the limit by more than one answer.
 */
export const ANSWER_OUTPUT_RESERVE = 4096;

/** Why an answer was aborted other than by chat.stop: the instance is shutting down. */
export const SHUTDOWN = 'shutdown';
