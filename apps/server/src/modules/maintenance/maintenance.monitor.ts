import type { MaintenanceStatusResponse } from '@themis/shared';
import type { Database } from '../../db/client';
import { findRelevantWindow, presentMaintenanceStatus } from './maintenance.service';
import type { MaintenanceWindow } from '../../db/schema';

export interface MaintenanceMonitor {
  status(): Promise<MaintenanceStatusResponse>;
  /** Forget the cached window, after this instance changed it. */
  invalidate(): void;
}

/**
 * Every API request asks whether maintenance is on, so the relevant window is cached
 * for a short time; the answer is still computed against the current clock.
 */
export function createMaintenanceMonitor(options: {
  db: Database;
  now: () => Date;
  cacheMs: number;
}): MaintenanceMonitor {
  let cached: { window: MaintenanceWindow | undefined; until: number } | undefined;
  let pending: Promise<MaintenanceWindow | undefined> | undefined;

  async function relevantWindow(now: Date): Promise<MaintenanceWindow | undefined> {
    if (cached && cached.until > now.getTime()) return cached.window;
    pending ??= findRelevantWindow({ db: options.db, now })
      .then((window) => {
        cached = { window, until: Date.now() + options.cacheMs };
        return window;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  }

  return {
    async status() {
      const now = options.now();
      let window = await relevantWindow(now);
      // A cached window may have ended since: look again rather than report it.
      if (window?.endsAt && window.endsAt <= now) {
        cached = undefined;
        window = await relevantWindow(now);
      }
      return presentMaintenanceStatus(window, now);
    },
    invalidate() {
      cached = undefined;
    },
  };
}
