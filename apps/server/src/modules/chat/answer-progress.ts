import type { Database } from '../../db/client';
import { saveAnswersContent } from './chat.repo';
import type { ChatLog } from './chat.context';
import type { LiveAnswer, StreamHub } from './stream-hub';

export interface ProgressSaver {
  start(): void;
  /** Stops the ticks and waits for a save under way. */
  stop(): Promise<void>;
}

/**
 * Every `everyMs`, what the live answers have written since their last save goes to their
 * rows in one statement, so that a reload or another instance resumes from the database
 * without a write per answer per tick. A tick is skipped while the previous save runs.
 * An answer whose model is silent is still written every `heartbeatMs`: its fresh row tells
 * the other instances' sweepers that its writer is alive.
 */
export function createProgressSaver(options: {
  db: Database;
  hub: StreamHub;
  log: ChatLog;
  everyMs: number;
  heartbeatMs: number;
}): ProgressSaver {
  const { db, hub, log } = options;
  const saved = new WeakMap<LiveAnswer, { length: number; at: number }>();
  let saving: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function tick() {
    if (saving) return;
    const now = Date.now();
    const answers = hub
      .liveAnswers()
      .filter((answer) => {
        const last = saved.get(answer);
        if (!last) {
          // Just stored with its question: written once it has text or needs a heartbeat.
          saved.set(answer, { length: 0, at: now });
          return answer.content.length > 0;
        }
        return answer.content.length !== last.length || now - last.at >= options.heartbeatMs;
      })
      .map((answer) => {
        saved.set(answer, { length: answer.content.length, at: now });
        const content = answer.seal ? answer.seal(answer.content) : answer.content;
        return { id: answer.messageId, content };
      });
    if (answers.length === 0) return;
    saving = saveAnswersContent({ db, answers })
      .catch((err: unknown) => log.warn({ err }, 'answer progress not saved'))
      .finally(() => (saving = undefined));
  }

  return {
    start() {
      timer ??= setInterval(tick, options.everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await saving;
    },
  };
}
