import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';

/** The organization's name and logo for a letterhead, while it is active. */
export async function findLetterheadOrganization(db: Database, organizationId: string) {
  const [row] = await db
    .select({ name: organizations.name, logoKey: organizations.avatarKey })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), eq(organizations.status, 'active')));
  return row;
}
