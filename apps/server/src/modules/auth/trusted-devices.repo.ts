import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { trustedDevices } from '../../db/schema';

/** Whether the device token is the user's and still trusted. */
export async function hasTrustedDevice(options: {
  db: Database;
  userId: string;
  tokenHash: string;
  now: Date;
}): Promise<boolean> {
  const [device] = await options.db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(
      and(
        eq(trustedDevices.tokenHash, options.tokenHash),
        eq(trustedDevices.userId, options.userId),
        gt(trustedDevices.expiresAt, options.now),
      ),
    );
  return Boolean(device);
}

export async function insertTrustedDevice(options: {
  db: Database;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
}): Promise<void> {
  const { db, ...values } = options;
  await db.insert(trustedDevices).values(values);
}
