import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZRuntimeConfig, type RuntimeConfig } from '@themis/shared';
import type { AppContext } from '../app-context';
import type { DatabaseHandle } from '../db/client';
import { attachmentRoutes } from '../modules/attachments/attachments.routes';
import { authRoutes } from '../modules/auth/auth.routes';
import { externalAccountRoutes } from '../modules/auth/external-accounts.routes';
import { googleRoutes } from '../modules/auth/google.routes';
import { billingRoutes } from '../modules/billing/billing.routes';
import { stripeWebhookRoutes } from '../modules/billing/stripe-webhook.routes';
import { conversationRoutes } from '../modules/conversations/conversations.routes';
import { devMailboxRoutes } from '../modules/dev-mailbox/dev-mailbox.routes';
import { encryptionRoutes } from '../modules/encryption/encryption.routes';
import { exportRoutes } from '../modules/export/export.routes';
import { feedbackRoutes } from '../modules/feedback/feedback.routes';
import { legalSourceRoutes } from '../modules/legal-sources/legal-sources.routes';
import { healthRoutes } from '../modules/health/health.routes';
import { metricsRoutes } from '../modules/health/metrics.routes';
import type { MaintenanceMonitor } from '../modules/maintenance/maintenance.monitor';
import { maintenanceRoutes } from '../modules/maintenance/maintenance.routes';
import { modelRoutes } from '../modules/models/models.routes';
import { invitationRoutes } from '../modules/organizations/invitations.routes';
import { membershipRoutes } from '../modules/organizations/memberships.routes';
import { organizationEncryptionRoutes } from '../modules/organizations/organization-encryption.routes';
import { organizationRoutes } from '../modules/organizations/organizations.routes';
import { planRoutes } from '../modules/plans/plans.routes';
import { sessionRoutes } from '../modules/session/session.routes';
import { sharingRoutes } from '../modules/sharing/sharing.routes';
import { cspReportRoutes } from '../modules/telemetry/csp-report.routes';
import { usageRoutes } from '../modules/usage/usage.routes';
import { userRoutes } from '../modules/user/user.routes';
import type { MailTransport } from '../platform/mail/mail-transport';
import type { AppMetrics } from '../platform/metrics/metrics';
import type { RateLimiter } from '../platform/rate-limit/rate-limiter';
import { API_PREFIX } from '../runtime-config';

export interface RouteServices {
  ctx: AppContext;
  database: DatabaseHandle;
  runtimeConfig: RuntimeConfig;
  monitor: MaintenanceMonitor;
  metrics: AppMetrics;
  limiter: RateLimiter;
  mailTransport: MailTransport;
  registerAnswerFloorMs: number | undefined;
}

/** Every HTTP route: the API under its prefix, then the development mailbox. */
export async function registerRoutes(app: FastifyInstance, services: RouteServices) {
  await app.register((api) => registerApiRoutes(api, app, services), { prefix: API_PREFIX });
  await app.register(
    devMailboxRoutes({
      db: services.database.db,
      enabled: !services.ctx.config.isProduction && services.mailTransport.kind === 'dev-outbox',
    }),
  );
}

/** `app`: the root instance, whose decorations (the model gateway) the routes share. */
async function registerApiRoutes(
  api: FastifyInstance,
  app: FastifyInstance,
  services: RouteServices,
): Promise<void> {
  const { ctx, database, monitor } = services;
  const { db } = database;
  api.withTypeProvider<ZodTypeProvider>().get(
    '/runtime-config',
    {
      schema: {
        tags: ['config'],
        summary: 'The runtime configuration the SPA reads',
        response: { 200: ZRuntimeConfig },
      },
    },
    async () => services.runtimeConfig,
  );
  await api.register(healthRoutes(database.ping));
  await api.register(metricsRoutes({ metrics: services.metrics, token: ctx.config.metricsToken }));
  await api.register(maintenanceRoutes(monitor));
  await api.register(cspReportRoutes(services.limiter));
  await api.register(authRoutes(ctx, { registerFloorMs: services.registerAnswerFloorMs }));
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
  await api.register(planRoutes(db));
  await api.register(feedbackRoutes(db));
  await api.register(legalSourceRoutes(ctx));
  await api.register(modelRoutes(app.llm));
  await api.register(conversationRoutes(ctx));
  await api.register(sharingRoutes(ctx));
  await api.register(exportRoutes(ctx, app.llm));
  await api.register(billingRoutes(ctx));
  await api.register(stripeWebhookRoutes(ctx));
  await api.register(usageRoutes({ db, now: ctx.now }));
  await api.register(
    attachmentRoutes({ db, storage: ctx.storage, unlockedKeys: ctx.unlockedKeys }),
  );
}
