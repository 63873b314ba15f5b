import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { API_PREFIX } from '../../runtime-config';
import type { MaintenanceMonitor } from './maintenance.monitor';

/** API paths that keep answering during maintenance. */
const OPEN_DURING_MAINTENANCE = [
  '/health',
  '/ready',
  '/metrics',
  '/maintenance/status',
  '/runtime-config',
  '/docs',
  '/csp-report',
].map((path) => API_PREFIX + path);

const isOpen = (url: string) =>
  OPEN_DURING_MAINTENANCE.some(
    (path) => url === path || url.startsWith(`${path}/`) || url.startsWith(`${path}?`),
  );

/** While maintenance is on, the rest of the API answers 503 so nothing is half-written. */
export function registerMaintenanceGate(app: FastifyInstance, monitor: MaintenanceMonitor) {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`) || isOpen(request.url)) return;
    const status = await monitor.status();
    if (!status.is_during_maintenance) return;
    if (status.maintenance_end_time) {
      const seconds = Math.ceil((Date.parse(status.maintenance_end_time) - Date.now()) / 1000);
      reply.header('retry-after', String(Math.max(seconds, 1)));
    }
    throw new AppError('service_under_maintenance', 503, 'maintenance is on');
  });
}
