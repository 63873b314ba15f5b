import type { DestinationStream } from 'pino';
import type { DatabaseHandle } from '../db/client';
import type { ErrorReporter } from '../platform/error-reporting/error-reporter';
import type { LlmGateway } from '../platform/llm/llm';
import type { FileStorage } from '../platform/storage/storage';

export interface AppDependencies {
  database: DatabaseHandle;
  /** Folder of the built SPA; without an index.html there only the API is served. */
  webDistDir?: string;
  now?: () => Date;
  maintenanceCacheMs?: number;
  /** Where log lines go (tests read them); stdout by default. */
  logStream?: DestinationStream;
  /** false: no background job worker; tests run jobs with `app.jobs.runDueJobs()`. */
  startWorker?: boolean;
  /** Uploaded files; by default the S3 bucket when configured, else `<DATA_DIR>/files`. */
  storage?: FileStorage;
  /** Language models; by default the providers the config names plus the demo model. */
  llm?: LlmGateway;
  /** Longest silence of a model before its answer ends in error (tests shorten it). */
  chatIdleTimeoutMs?: number;
  /** How often the text of the answers being written is saved (tests lengthen it). */
  chatSaveEveryMs?: number;
  /** How long an answer may go unwritten before it counts as left by a dead instance. */
  chatStaleAfterMs?: number;
  /** The least time a registration takes to answer (REGISTER_ANSWER_FLOOR_MS; tests: 0). */
  registerAnswerFloorMs?: number;
  /** How often open sockets are pinged and their sessions checked again. */
  socketCheckMs?: number;
  /** Where server errors are reported; by default Sentry when SENTRY_DSN is set. */
  errorReporter?: ErrorReporter;
}
