import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
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
import { attachmentRoutes } from './modules/attachments/attachments.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { conversationRoutes } from './modules/conversations/conversations.routes';
import { deriveAppKeys, type AppContext } from './app-context';
import { ACCESS_COOKIE } from './modules/auth/auth.cookies';
import { registerAuthentication } from './modules/auth/auth.guard';
import { createSessionEvents } from './modules/auth/session-events';
import { authenticateAccess, liveSessionIds } from './modules/auth/session.service';
import { registerChat } from './modules/chat/chat.socket';
import { externalAccountRoutes } from './modules/auth/external-accounts.routes';
import { googleRoutes } from './modules/auth/google.routes';
import { devMailboxRoutes } from './modules/dev-mailbox/dev-mailbox.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { healthRoutes } from './modules/health/health.routes';
import { METRICS_PATH, metricsRoutes } from './modules/health/metrics.routes';
import { registerMaintenanceGate } from './modules/maintenance/maintenance.gate';
import {
  createMaintenanceMonitor,
  type MaintenanceMonitor,
} from './modules/maintenance/maintenance.monitor';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { modelRoutes } from './modules/models/models.routes';
import { planRoutes } from './modules/plans/plans.routes';
import { cspReportRoutes } from './modules/telemetry/csp-report.routes';
import { recordSessionActivity } from './modules/auth/session-activity';
import { sessionRoutes } from './modules/session/session.routes';
import { usageRoutes } from './modules/usage/usage.routes';
import { invitationRoutes } from './modules/organizations/invitations.routes';
import { organizationJobHandlers } from './modules/organizations/organization-deletion.service';
import { membershipRoutes } from './modules/organizations/memberships.routes';
import { organizationEncryptionRoutes } from './modules/organizations/organization-encryption.routes';
import { organizationRoutes } from './modules/organizations/organizations.routes';
import { userRoutes } from './modules/user/user.routes';
import { WEB_DIST_DIR } from './paths';
import { registerCompression } from './plugins/compression';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { documentRouteErrors } from './plugins/route-errors';
import { registerRequestMetrics } from './plugins/request-metrics';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { loadWebAssets, registerWeb } from './plugins/web';
import { startErrorReporting, type ErrorReporter } from './platform/error-reporting/error-reporter';
import { countJobsInQueue } from './platform/jobs/job-queue';
import { createJobWorker, type JobWorker } from './platform/jobs/job-worker';
import { createMetrics } from './platform/metrics/metrics';
import { createMailQueue, mailJobHandlers, type MailQueue } from './platform/mail/mail-queue';
import { createMailTransport } from './platform/mail/mail-transport';
import type { LlmGateway } from './platform/llm/llm';
import { createLlmGateway } from './platform/llm/llm-gateway';
import { createMemoryRateLimiter } from './platform/rate-limit/rate-limiter';
import { createRedisRateLimiter } from './platform/rate-limit/redis-rate-limiter';
import { createRedisClient } from './platform/redis/redis-client';
import { encryptionJobHandlers } from './modules/encryption/encryption-sync.service';
import {
  eraseRemovedTextLater,
  removedTextJobHandlers,
} from './modules/encryption/removed-text.service';
import { sharingRoutes } from './modules/sharing/sharing.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { billingJobHandlers } from './modules/billing/renewals.service';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes';
import { createPayments } from './platform/payments/create-payments';
import { sharingJobHandlers } from './modules/sharing/sharing.service';
import { encryptionRoutes } from './modules/encryption/encryption.routes';
import { createMemoryUnlockedKeys, createRedisUnlockedKeys } from './platform/crypto/unlocked-keys';
import { createMemoryBroadcast, createRedisBroadcast } from './platform/realtime/broadcast';
import {
  CONTEXT_CHANGED_CLOSE,
  CONTEXT_UPDATED_CLOSE,
  registerWebSocket,
  SERVICE_RESTART_CLOSE,
} from './platform/realtime/websocket';
import { createFileStorage } from './platform/storage/create-storage';
import type { FileStorage } from './platform/storage/storage';
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

type ZodCompilers = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/** Builds the whole server (API, WebSocket, SPA) without listening: used by main.ts and tests. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const logger = loggerOptions(config);
  const app = Fastify({
    logger:
      deps.logStream && typeof logger === 'object' ? { ...logger, stream: deps.logStream } : logger,
    bodyLimit: BODY_LIMIT,
    // Behind nginx, request.ip (rate limits, sessions' addresses) is the browser's.
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    // Every schema is zod's. Given as factories rather than set afterwards, Fastify does not
    // load its own compilers, Ajv and fast-json-stringify (a sixth of the server's start);
    // its types name those compilers' signatures only.
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as unknown as ZodCompilers['buildValidator'],
        buildSerializer: (() => serializerCompiler) as unknown as ZodCompilers['buildSerializer'],
      },
    },
  });
  // The API speaks JSON (and multipart where a route says so): plain text is refused with 415.
  app.removeContentTypeParser('text/plain');
  const errorReporter = deps.errorReporter ?? (await startErrorReporting(config));
  registerErrorHandling(app, errorReporter);
  registerInputGuard(app);
  documentRouteErrors(app);
  const metrics = createMetrics({ log: app.log });
  registerRequestMetrics(app, { metrics, skipRoutes: [API_PREFIX + METRICS_PATH] });

  const runtimeConfig = buildRuntimeConfig(config);
  const web = loadWebAssets(deps.webDistDir ?? WEB_DIST_DIR, runtimeConfigScript(runtimeConfig));
  await registerSecurity(app, { config, scriptHashes: web ? [web.scriptHash] : [] });
  await registerCompression(app);
  // The API's description helps developers; a production server keeps it to itself.
  if (!config.isProduction) await registerOpenApi(app);

  const now = deps.now ?? (() => new Date());
  const monitor = createMaintenanceMonitor({
    db: deps.database.db,
    now,
    cacheMs: deps.maintenanceCacheMs ?? 2000,
  });
  app.decorate('maintenance', monitor);
  registerMaintenanceGate(app, monitor);

  const mailTransport = createMailTransport(config, deps.database.db, app.log);
  app.decorate('mail', createMailQueue(deps.database.db, config.contactEmail));

  app.decorate('llm', deps.llm ?? createLlmGateway({ config, log: app.log }));

  const redis = config.redisUrl ? await createRedisClient(config.redisUrl, app.log) : undefined;
  if (redis) {
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  }
  const limiter = redis
    ? createRedisRateLimiter({
        redis,
        onError: (error) => app.log.warn({ err: error }, 'rate limit not checked: redis failed'),
      })
    : // The app's clock, like the code cooldowns kept in the database beside these windows.
      createMemoryRateLimiter(() => now().getTime());

  const broadcast = redis ? createRedisBroadcast({ redis, log: app.log }) : createMemoryBroadcast();
  app.addHook('onReady', () => broadcast.ready());
  app.addHook('onClose', () => broadcast.close());

  await app.register(fastifyCookie);
  const appKeys = deriveAppKeys(config);
  const unlockedKeys = redis
    ? createRedisUnlockedKeys({ redis, unlockKey: appKeys.unlockKey })
    : createMemoryUnlockedKeys({ unlockKey: appKeys.unlockKey, now });
  const ctx: AppContext = {
    config,
    db: deps.database.db,
    now,
    log: app.log,
    keys: appKeys,
    limiter,
    storage: deps.storage ?? (await createFileStorage(config)),
    payments: await createPayments(config, now),
    sessionEvents: createSessionEvents({ broadcast, unlockedKeys, log: app.log }),
    unlockedKeys,
    eraseRemovedTextLater: eraseRemovedTextLater(deps.database.kind),
    queueMail: (mail, db) => app.mail.queue(mail, db),
  };
  registerAuthentication(app, ctx);
  logPayments(app.log, config);

  const worker = createJobWorker({
    db: deps.database.db,
    handlers: {
      ...mailJobHandlers(mailTransport),
      ...organizationJobHandlers(ctx),
      ...encryptionJobHandlers(ctx),
      ...removedTextJobHandlers(ctx.db),
      ...sharingJobHandlers(ctx),
      ...billingJobHandlers(ctx),
    },
    log: app.log,
    reportFailure: (failure) => errorReporter.capture(failure),
  });
  app.decorate('jobs', { runDueJobs: () => worker.runDueJobs() });
  if (deps.startWorker !== false) {
    app.addHook('onReady', async () => worker.start());
    // Not onClose: those run last-registered first, so after the database has closed.
    app.addHook('preClose', () => worker.stop());
  }

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
      await api.register(metricsRoutes({ metrics, token: config.metricsToken }));
      await api.register(maintenanceRoutes(monitor));
      await api.register(cspReportRoutes(limiter));
      await api.register(authRoutes(ctx, { registerFloorMs: deps.registerAnswerFloorMs }));
      await api.register(
        sessionRoutes({ ctx, llm: app.llm, maintenanceStatus: () => monitor.status() }),
      );
      await api.register(googleRoutes(ctx));
      await api.register(externalAccountRoutes(ctx));
      await api.register(userRoutes(ctx));
      await api.register(encryptionRoutes(ctx));
      await api.register(organizationRoutes(ctx, app.llm));
      await api.register(invitationRoutes(ctx));
      await api.register(membershipRoutes(ctx));
      await api.register(organizationEncryptionRoutes(ctx));
      await api.register(planRoutes(deps.database.db));
      await api.register(feedbackRoutes(deps.database.db));
      await api.register(modelRoutes(app.llm));
      await api.register(conversationRoutes(ctx));
      await api.register(sharingRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(stripeWebhookRoutes(ctx));
      await api.register(usageRoutes({ db: deps.database.db, now }));
      await api.register(
        attachmentRoutes({
          db: deps.database.db,
          storage: ctx.storage,
          unlockedKeys: ctx.unlockedKeys,
        }),
      );
    },
    { prefix: API_PREFIX },
  );
  await app.register(
    devMailboxRoutes({
      db: deps.database.db,
      enabled: !config.isProduction && mailTransport.kind === 'dev-outbox',
    }),
  );
  const chat = registerChat(app, {
    db: deps.database.db,
    llm: app.llm,
    storage: ctx.storage,
    unlockedKeys: ctx.unlockedKeys,
    now,
    redis,
    idleTimeoutMs: deps.chatIdleTimeoutMs,
    saveEveryMs: deps.chatSaveEveryMs,
    staleAfterMs: deps.chatStaleAfterMs,
    onTokens: (usage) => metrics.countTokens(usage),
    reportError: (error) => errorReporter.capture(error),
  });
  const sockets = await registerWebSocket(app, {
    appOrigin: config.publicUrl.origin,
    now,
    log: app.log,
    authenticate: (request) =>
      authenticateAccess({
        db: ctx.db,
        keys: ctx.keys,
        now: now(),
        access: request.cookies[ACCESS_COOKIE],
      }),
    liveSessions: (sessionIds) => liveSessionIds({ db: ctx.db, now: now(), sessionIds }),
    openSession: chat.openSession,
    recordActivity: (actor) => recordSessionActivity({ db: ctx.db, now: now(), actor }),
    heartbeatMs: deps.socketCheckMs,
  });
  app.decorate('drain', async (graceMs: number) => {
    const finishing = chat.drain(graceMs);
    sockets.closeAll(SERVICE_RESTART_CLOSE, 'server_restarting');
    await finishing;
  });
  ctx.sessionEvents.onEnded((sessionIds) => sockets.closeSessions(sessionIds));
  ctx.sessionEvents.onContextChanged((userIds, kind) =>
    sockets.closeUsers(userIds, kind === 'changed' ? CONTEXT_CHANGED_CLOSE : CONTEXT_UPDATED_CLOSE),
  );
  await registerWeb(app, web);
  metrics.readFrom({
    openSockets: () => app.websocketServer.clients.size,
    liveAnswers: () => chat.liveAnswerCount(),
    databasePool: () => ({ kind: deps.database.kind, ...deps.database.poolStats() }),
    queuedJobs: () => countJobsInQueue(deps.database.db),
  });

  app.addHook('onClose', async () => {
    await deps.database.close();
  });
  return app;
}

const PAYMENTS_NOTES = {
  stripe: 'payments: Stripe',
  sandbox: 'payments: the offline sandbox, which charges no card',
  off: 'payments: none, so paid plans cannot be bought (set the STRIPE_* keys, or PAYMENTS=sandbox)',
} as const;

/** Start-up says which payments run; a sandbox in production is worth a warning. */
function logPayments(log: FastifyBaseLogger, config: Config): void {
  const level = config.isProduction && config.payments !== 'stripe' ? 'warn' : 'info';
  log[level]({ payments: config.payments }, PAYMENTS_NOTES[config.payments]);
}
