import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppDependencies } from './app/dependencies';
import { createFastify } from './app/fastify-instance';
import { registerJobWorker } from './app/jobs';
import { connectPlatform, createAppContext, logPayments } from './app/platform';
import { registerRealtime } from './app/realtime';
import {
  registerHttpPlugins,
  registerMaintenance,
  registerRequestChecks,
} from './app/request-handling';
import { registerRoutes } from './app/routes';
import type { MaintenanceMonitor } from './modules/maintenance/maintenance.monitor';
import { registerAuthentication } from './modules/auth/auth.guard';
import { WEB_DIST_DIR } from './paths';
import { loadWebAssets, registerWeb } from './plugins/web';
import { startErrorReporting } from './platform/error-reporting/start-error-reporting';
import { countJobsInQueue } from './platform/jobs/job-queue';
import type { JobWorker } from './platform/jobs/job-worker';
import type { LlmGateway } from './platform/llm/llm';
import type { MailQueue } from './platform/mail/mail-queue';
import { buildRuntimeConfig, runtimeConfigScript } from './runtime-config';

export type { AppDependencies } from './app/dependencies';
export { BODY_LIMIT } from './app/fastify-instance';

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: MaintenanceMonitor;
    mail: MailQueue;
    jobs: Pick<JobWorker, 'runDueJobs'>;
    llm: LlmGateway;
    /**
     * Before close on SIGTERM: no new answers here, every socket told to reconnect (to
     * another instance), and up to `graceMs` for the answers being written to finish.
     */
    drain(graceMs: number): Promise<void>;
  }
}

/**
 * Builds the whole server (API, WebSocket, SPA) without listening: used by main.ts and tests.
 * The steps' order matters: it is the order of the hooks and plugins each one adds.
 */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const { database } = deps;
  const app = createFastify(config, deps.logStream);
  const errorReporter = deps.errorReporter ?? (await startErrorReporting(config));
  const metrics = registerRequestChecks(app, errorReporter);

  const runtimeConfig = buildRuntimeConfig(config);
  const web = loadWebAssets(deps.webDistDir ?? WEB_DIST_DIR, runtimeConfigScript(runtimeConfig));
  await registerHttpPlugins(app, { config, web });

  const now = deps.now ?? (() => new Date());
  const monitor = registerMaintenance(app, {
    db: database.db,
    now,
    cacheMs: deps.maintenanceCacheMs ?? 2000,
  });
  const platform = await connectPlatform(app, { config, deps, now });
  await app.register(fastifyCookie);
  const ctx = await createAppContext(app, { config, deps, now, platform });
  registerAuthentication(app, ctx);
  logPayments(app.log, config);
  registerJobWorker(app, {
    ctx,
    mailTransport: platform.mailTransport,
    errorReporter,
    start: deps.startWorker !== false,
  });

  await registerRoutes(app, {
    ctx,
    database,
    runtimeConfig,
    monitor,
    metrics,
    limiter: platform.limiter,
    mailTransport: platform.mailTransport,
    registerAnswerFloorMs: deps.registerAnswerFloorMs,
  });
  const chat = await registerRealtime(app, {
    ctx,
    redis: platform.redis,
    metrics,
    errorReporter,
    deps,
  });
  await registerWeb(app, web);

  metrics.readFrom({
    openSockets: () => app.websocketServer.clients.size,
    liveAnswers: () => chat.liveAnswerCount(),
    databasePool: () => ({ kind: database.kind, ...database.poolStats() }),
    queuedJobs: () => countJobsInQueue(database.db),
  });
  app.addHook('onClose', async () => {
    await database.close();
  });
  return app;
}
