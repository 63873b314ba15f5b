import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { ZRuntimeConfig } from '@themis/shared';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { loggerOptions } from './logger';
import { authRoutes } from './modules/auth/auth.routes';
import { buildAuthContext } from './modules/auth/auth.setup';
import { registerAuthGuard } from './modules/auth/auth.guard';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { healthRoutes } from './modules/health/health.routes';
import { registerMaintenanceGate } from './modules/maintenance/maintenance.gate';
import {
  createMaintenanceMonitor,
  type MaintenanceMonitor,
} from './modules/maintenance/maintenance.monitor';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { planRoutes } from './modules/plans/plans.routes';
import { cspReportRoutes } from './modules/telemetry/csp-report.routes';
import { userRoutes } from './modules/user/user.routes';
import { WEB_DIST_DIR } from './paths';
import { registerErrorHandling } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { loadWebAssets, registerWeb } from './plugins/web';
import { createJobWorker, type JobWorker } from './platform/jobs/job-worker';
import { createMailQueue, mailJobHandlers, type MailQueue } from './platform/mail/mail-queue';
import { createMailTransport } from './platform/mail/mail-transport';
import { registerWebSocket } from './platform/realtime/websocket';
import { API_PREFIX, buildRuntimeConfig, runtimeConfigScript } from './runtime-config';

export const BODY_LIMIT = 1024 * 1024;

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
}

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: MaintenanceMonitor;
    mail: MailQueue;
    jobs: Pick<JobWorker, 'runDueJobs'>;
  }
}

/** Builds the whole server (API, WebSocket, SPA) without listening: used by main.ts and tests. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const logger = loggerOptions(config);
  const app = Fastify({
    logger:
      deps.logStream && typeof logger === 'object' ? { ...logger, stream: deps.logStream } : logger,
    bodyLimit: BODY_LIMIT,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON (and multipart where a route says so): plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  registerErrorHandling(app);

  const runtimeConfig = buildRuntimeConfig(config);
  const web = loadWebAssets(deps.webDistDir ?? WEB_DIST_DIR, runtimeConfigScript(runtimeConfig));
  await registerSecurity(app, { config, scriptHashes: web ? [web.scriptHash] : [] });
  await registerOpenApi(app);

  const now = deps.now ?? (() => new Date());
  const monitor = createMaintenanceMonitor({
    db: deps.database.db,
    now,
    cacheMs: deps.maintenanceCacheMs ?? 2000,
  });
  app.decorate('maintenance', monitor);
  registerMaintenanceGate(app, monitor);

  const mailTransport = createMailTransport(config, deps.database.db, app.log);
  app.decorate('mail', createMailQueue(deps.database.db));
  const worker = createJobWorker({
    db: deps.database.db,
    handlers: mailJobHandlers(mailTransport),
    log: app.log,
  });
  app.decorate('jobs', { runDueJobs: () => worker.runDueJobs() });
  if (deps.startWorker !== false) {
    app.addHook('onReady', async () => worker.start());
    // Not onClose: those run last-registered first, so after the database has closed.
    app.addHook('preClose', () => worker.stop());
  }

  await app.register(fastifyCookie);
  const auth = buildAuthContext({
    config,
    db: deps.database.db,
    now,
    queueMail: (message) => app.mail.queue(message),
  });
  registerAuthGuard(app, auth);

  await app.register(
    async (api) => {
      api.withTypeProvider<ZodTypeProvider>().get(
        '/runtime-config',
        {
          schema: {
            tags: ['config'],
            summary: 'The runtime configuration the SPA reads',
            response: { 200: ZRuntimeConfig },
          },
        },
        async () => runtimeConfig,
      );
      await api.register(healthRoutes(deps.database.ping));
      await api.register(maintenanceRoutes(monitor));
      await api.register(cspReportRoutes);
      await api.register(authRoutes(auth));
      await api.register(userRoutes(auth));
      await api.register(planRoutes(deps.database.db));
      await api.register(feedbackRoutes(deps.database.db));
    },
    { prefix: API_PREFIX },
  );
  await app.register(
    devMailboxRoutes({
      db: deps.database.db,
      enabled: !config.isProduction && mailTransport.kind === 'dev-outbox',
    }),
  );
  await registerWebSocket(app, { appOrigin: config.publicUrl.origin });
  await registerWeb(app, web);

  app.addHook('onClose', async () => {
    await deps.database.close();
  });
  return app;
}
