import { MAINTENANCE_MESSAGE_MAX, type MaintenanceStatusResponse } from '@themis/shared';
import type { Database } from '../../db/client';
import type { MaintenanceWindow } from '../../db/schema';
import {
  deleteWindowsAfter,
  endWindowsOn,
  findNextWindow,
  findWindowOn,
  insertWindow,
} from './maintenance.repo';

export interface MaintenanceMessages {
  en?: string;
  pl?: string;
}

export class MaintenanceInputError extends Error {
  override name = 'MaintenanceInputError';
}

export function presentMaintenanceStatus(
  window: MaintenanceWindow | undefined,
  now: Date,
): MaintenanceStatusResponse {
  if (!window) {
    return {
      is_during_maintenance: false,
      maintenance_start_time: null,
      maintenance_end_time: null,
      message: { en: '', pl: '' },
    };
  }
  return {
    is_during_maintenance: window.startsAt <= now && (!window.endsAt || window.endsAt > now),
    maintenance_start_time: window.startsAt.toISOString(),
    maintenance_end_time: window.endsAt?.toISOString() ?? null,
    message: { en: window.messageEn, pl: window.messagePl },
  };
}

/** The window that is on now, else the next scheduled one. */
export async function findRelevantWindow(options: {
  db: Database;
  now: Date;
}): Promise<MaintenanceWindow | undefined> {
  return (await findWindowOn(options)) ?? findNextWindow(options);
}

function checkMessages(messages: MaintenanceMessages): { messageEn: string; messagePl: string } {
  const messageEn = messages.en?.trim() ?? '';
  const messagePl = messages.pl?.trim() ?? '';
  if (messageEn.length > MAINTENANCE_MESSAGE_MAX || messagePl.length > MAINTENANCE_MESSAGE_MAX) {
    throw new MaintenanceInputError(
      `a message may have at most ${MAINTENANCE_MESSAGE_MAX} characters`,
    );
  }
  return { messageEn, messagePl };
}

/** Turns maintenance on now, optionally until a given time; a window already on is ended first. */
export async function startMaintenance(options: {
  db: Database;
  now: Date;
  data: { until?: Date; messages: MaintenanceMessages };
}): Promise<MaintenanceWindow> {
  const { db, now, data } = options;
  if (data.until && data.until <= now)
    throw new MaintenanceInputError('--until must be in the future');
  const messages = checkMessages(data.messages);
  return db.transaction(async (tx) => {
    await endWindowsOn({ db: tx, now });
    return insertWindow({
      db: tx,
      values: { startsAt: now, endsAt: data.until ?? null, ...messages },
    });
  });
}

/** Ends every window that is on now; scheduled windows stay. Returns how many were ended. */
export async function endMaintenance(options: { db: Database; now: Date }): Promise<number> {
  return endWindowsOn(options);
}

export async function scheduleMaintenance(options: {
  db: Database;
  now: Date;
  data: { startsAt: Date; endsAt: Date; messages: MaintenanceMessages };
}): Promise<MaintenanceWindow> {
  const { db, now, data } = options;
  if (data.startsAt <= now) throw new MaintenanceInputError('--start must be in the future');
  if (data.endsAt <= data.startsAt) throw new MaintenanceInputError('--end must be after --start');
  return insertWindow({
    db,
    values: { startsAt: data.startsAt, endsAt: data.endsAt, ...checkMessages(data.messages) },
  });
}

/** Removes every window that has not started yet. Returns how many were removed. */
export async function cancelScheduledMaintenance(options: {
  db: Database;
  now: Date;
}): Promise<number> {
  return deleteWindowsAfter(options);
}
