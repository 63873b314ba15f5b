import type { MaintenanceStatusResponse } from '@themis/shared';

/** Remembers the last dismissed window, so a newly scheduled window shows its banner again. */
export const MAINTENANCE_BANNER_DISMISSED_KEY = 'maintenanceBannerDismissed';

export interface ScheduledWindow {
  key: string;
  start: string;
  end: string | null;
}

/** The upcoming maintenance window, when one is scheduled and has not started yet. */
export function scheduledWindow(
  status: MaintenanceStatusResponse | undefined,
  now: number,
): ScheduledWindow | null {
  if (!status || status.is_during_maintenance || !status.maintenance_start_time) return null;
  const start = status.maintenance_start_time;
  if (Date.parse(start) <= now) return null;
  const end = status.maintenance_end_time;
  return { key: `${start}|${end ?? ''}`, start, end };
}

export function readDismissedWindow(): string | null {
  try {
    return window.localStorage.getItem(MAINTENANCE_BANNER_DISMISSED_KEY);
  } catch {
    return null;
  }
}

export function saveDismissedWindow(key: string): void {
  try {
    window.localStorage.setItem(MAINTENANCE_BANNER_DISMISSED_KEY, key);
  } catch {
    // Without storage the banner stays dismissed until the page reloads.
  }
}
