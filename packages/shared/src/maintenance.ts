import { z } from 'zod';
import { LANGUAGES } from './constants';

export const ZMaintenanceMessage = z.object(
  Object.fromEntries(LANGUAGES.map((lang) => [lang, z.string()])) as Record<
    (typeof LANGUAGES)[number],
    z.ZodString
  >,
);
export type MaintenanceMessage = z.infer<typeof ZMaintenanceMessage>;

/**
 * GET /maintenance/status. `is_during_maintenance` is true while a window is on;
 * otherwise the start and end of the next scheduled window, if any, are given so the
 * web app can show a banner.
 */
export const ZMaintenanceStatusResponse = z
  .object({
    is_during_maintenance: z.boolean(),
    maintenance_start_time: z.iso.datetime({ offset: true }).nullable(),
    maintenance_end_time: z.iso.datetime({ offset: true }).nullable(),
    message: ZMaintenanceMessage,
  })
  .meta({ id: 'MaintenanceStatus' });
export type MaintenanceStatusResponse = z.infer<typeof ZMaintenanceStatusResponse>;
