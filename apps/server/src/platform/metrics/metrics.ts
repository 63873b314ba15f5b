import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/client';
import type { JobState } from '../jobs/job-queue';
import type { LlmUsage } from '../llm/llm';
import { MAIL_SEND_JOB } from '../mail/mail-queue';

/** The label of requests no route answered (a fixed value: never the URL asked for). */
export const UNMATCHED_ROUTE = 'unmatched';

type JobCount = { type: string; state: JobState; count: number };

/** What the gauges read when Prometheus scrapes: this instance's state, and the queue's. */
interface MetricSources {
  openSockets(): number;
  liveAnswers(): number;
  databasePool(): PoolStats & { kind: string };
  queuedJobs(): Promise<JobCount[]>;
}

/** One app instance's metrics, in a registry of its own (tests build several apps at once). */
export interface AppMetrics {
  readonly contentType: string;
  observeRequest(
    request: { method: string; route: string; statusCode: number },
    seconds: number,
  ): void;
  countTokens(usage: LlmUsage): void;
  /** Sets what the gauges read, once the parts of the app exist. */
  readFrom(sources: MetricSources): void;
  /** The Prometheus text exposition. */
  scrape(): Promise<string>;
}

export function createMetrics(options: {
  log: { warn(details: object, message: string): void };
}): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  let sources: MetricSources | undefined;
  // Read once per scrape, before the gauges are collected; undefined when the query failed.
  let jobCounts: JobCount[] | undefined = [];
  let processMetricsOn = false;

  const requestLabels = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'themis_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: requestLabels,
    registers,
  });
  const durations = new Histogram({
    name: 'themis_http_request_duration_seconds',
    help: 'Time from receiving a request to finishing its response',
    labelNames: requestLabels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const tokens = new Counter({
    name: 'themis_llm_tokens_total',
    help: 'Tokens of the answers written here: as the provider reported them, or estimated when it did not',
    labelNames: ['direction', 'source'] as const,
    registers,
  });
  new Gauge({
    name: 'themis_websockets_open',
    help: 'WebSocket connections open on this instance',
    registers,
    collect() {
      this.set(sources?.openSockets() ?? 0);
    },
  });
  new Gauge({
    name: 'themis_chat_live_answers',
    help: 'Answers being streamed by this instance',
    registers,
    collect() {
      this.set(sources?.liveAnswers() ?? 0);
    },
  });
  new Gauge({
    name: 'themis_jobs',
    help: 'Jobs in the durable queue by type and state (due, scheduled, running, failed)',
    labelNames: ['type', 'state'] as const,
    registers,
    collect() {
      this.reset();
      for (const { type, state, count } of jobCounts ?? []) this.set({ type, state }, count);
    },
  });
  new Gauge({
    name: 'themis_mail_queue_depth',
    help: 'E-mails queued and not yet sent (given-up ones excluded); NaN when the database did not answer',
    registers,
    collect() {
      const mails = jobCounts?.filter(
        (row) => row.type === MAIL_SEND_JOB && row.state !== 'failed',
      );
      this.set(mails ? mails.reduce((sum, row) => sum + row.count, 0) : NaN);
    },
  });
  const poolGauge = (name: string, help: string, read: (pool: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['database'] as const,
      registers,
      collect() {
        this.reset();
        const pool = sources?.databasePool();
        if (pool) this.set({ database: pool.kind }, read(pool));
      },
    });
  // PGlite is reached through a pool too, whose connections take turns in its one session.
  poolGauge('themis_db_pool_connections', 'Open connections of the database pool', (p) => p.total);
  poolGauge('themis_db_pool_idle', 'Idle connections of the database pool', (p) => p.idle);
  poolGauge('themis_db_pool_waiting', 'Queries waiting for a pool connection', (p) => p.waiting);

  return {
    contentType: registry.contentType,
    observeRequest({ method, route, statusCode }, seconds) {
      const labels = { method, route, status_code: String(statusCode) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    countTokens(usage) {
      const source = usage.estimated ? 'estimate' : 'provider';
      tokens.inc({ direction: 'input', source }, usage.input_tokens);
      tokens.inc({ direction: 'output', source }, usage.output_tokens);
    },
    readFrom(next) {
      sources = next;
    },
    async scrape() {
      // Process metrics (event-loop lag, memory, GC) start with the first scrape: an instance
      // nobody scrapes (and every test app) does not pay for their timers and observers.
      if (!processMetricsOn) {
        collectDefaultMetrics({ register: registry });
        processMetricsOn = true;
      }
      try {
        jobCounts = (await sources?.queuedJobs()) ?? [];
      } catch (err) {
        options.log.warn({ err }, 'metrics: job queue not read');
        jobCounts = undefined;
      }
      return registry.metrics();
    },
  };
}
