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
 */
export function createProgressSaver(options: {
  db: Database;
  hub: StreamHub;
  log: ChatLog;
  everyMs: number;
}): ProgressSaver {
  const { db, hub, log } = options;
  const savedLength = new WeakMap<LiveAnswer, number>();
  let saving: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  function tick() {
    if (saving) return;
    const answers = hub
      .liveAnswers()
      .filter((answer) => answer.content.length !== (savedLength.get(answer) ?? 0))
      .map((answer) => {
        savedLength.set(answer, answer.content.length);
        return { id: answer.messageId, content: answer.content };
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
