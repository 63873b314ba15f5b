import { and, asc, desc, gt, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { maintenanceWindows, type MaintenanceWindow } from '../../db/schema';

type WindowValues = Pick<MaintenanceWindow, 'startsAt' | 'endsAt' | 'messageEn' | 'messagePl'>;

const isOnAt = (now: Date) =>
  and(
    lte(maintenanceWindows.startsAt, now),
    or(isNull(maintenanceWindows.endsAt), gt(maintenanceWindows.endsAt, now)),
  );

/** The window on at `now` that started last. */
export async function findWindowOn(options: {
  db: Database;
  now: Date;
}): Promise<MaintenanceWindow | undefined> {
  const [current] = await options.db
    .select()
    .from(maintenanceWindows)
    .where(isOnAt(options.now))
    .orderBy(desc(maintenanceWindows.startsAt))
    .limit(1);
  return current;
}

/** The soonest window starting after `now`. */
export async function findNextWindow(options: {
  db: Database;
  now: Date;
}): Promise<MaintenanceWindow | undefined> {
  const [next] = await options.db
    .select()
    .from(maintenanceWindows)
    .where(gt(maintenanceWindows.startsAt, options.now))
    .orderBy(asc(maintenanceWindows.startsAt))
    .limit(1);
  return next;
}

export async function insertWindow(options: {
  db: Database;
  values: WindowValues;
}): Promise<MaintenanceWindow> {
  const [created] = await options.db.insert(maintenanceWindows).values(options.values).returning();
  return created!;
}

/** Ends every window on at `now`; returns how many were. */
export async function endWindowsOn(options: { db: Database; now: Date }): Promise<number> {
  const ended = await options.db
    .update(maintenanceWindows)
    .set({ endsAt: options.now })
    .where(isOnAt(options.now))
    .returning({ id: maintenanceWindows.id });
  return ended.length;
}

/** Removes every window starting after `now`; returns how many were. */
export async function deleteWindowsAfter(options: { db: Database; now: Date }): Promise<number> {
  const removed = await options.db
    .delete(maintenanceWindows)
    .where(gt(maintenanceWindows.startsAt, options.now))
    .returning({ id: maintenanceWindows.id });
  return removed.length;
}
