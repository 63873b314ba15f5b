import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { METRICS_PATH } from '../modules/health/metrics.routes';
import { registerMaintenanceGate } from '../modules/maintenance/maintenance.gate';
import {
  createMaintenanceMonitor,
  type MaintenanceMonitor,
} from '../modules/maintenance/maintenance.monitor';
import type { ErrorReporter } from '../platform/error-reporting/error-reporter';
import { createMetrics, type AppMetrics } from '../platform/metrics/metrics';
import { registerCompression } from '../plugins/compression';
import { registerErrorHandling } from '../plugins/error-handler';
import { registerInputGuard } from '../plugins/input-guard';
import { registerOpenApi } from '../plugins/openapi';
import { registerRequestMetrics } from '../plugins/request-metrics';
import { documentRouteErrors } from '../plugins/route-errors';
import { registerSecurity } from '../plugins/security';
import type { WebAssets } from '../plugins/web';
import { API_PREFIX } from '../runtime-config';

/** What every request goes through first: error replies and reports, the input guard, metrics. */
export function registerRequestChecks(
  app: FastifyInstance,
  errorReporter: ErrorReporter,
): AppMetrics {
  registerErrorHandling(app, errorReporter);
  registerInputGuard(app);
  documentRouteErrors(app);
  const metrics = createMetrics({ log: app.log });
  registerRequestMetrics(app, { metrics, skipRoutes: [API_PREFIX + METRICS_PATH] });
  return metrics;
}

/** Security headers with a CSP that lets the built page's inline script run, compression, docs. */
export async function registerHttpPlugins(
  app: FastifyInstance,
  options: { config: Config; web: WebAssets | undefined },
): Promise<void> {
  const { config, web } = options;
  await registerSecurity(app, { config, scriptHashes: web ? [web.scriptHash] : [] });
  await registerCompression(app);
  // The API's description helps developers; a production server keeps it to itself.
  if (!config.isProduction) await registerOpenApi(app);
}

/** The maintenance switch (kept in the database) and the gate that holds requests back. */
export function registerMaintenance(
  app: FastifyInstance,
  options: { db: Database; now: () => Date; cacheMs: number },
): MaintenanceMonitor {
  const monitor = createMaintenanceMonitor(options);
  app.decorate('maintenance', monitor);
  registerMaintenanceGate(app, monitor);
  return monitor;
}
