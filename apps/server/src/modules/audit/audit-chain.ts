import { createHash } from 'node:crypto';

/** What an entry's hash covers: every field but its id and the hashes. */
export interface AuditFields {
  organizationId: string | null;
  subjectUserId: string | null;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  device: string | null;
  details: Record<string, unknown> | null;
  createdAt: Date;
}

/** The previous hash of a log's first entry. */
export const FIRST_PREVIOUS_HASH = '0'.repeat(64);

/** JSON with every object's keys sorted: the database keeps jsonb keys in an order of its own. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) over the previous entry's hash and this entry's fields. */
export function entryHash(previousHash: string, fields: AuditFields): string {
  const covered = [
    fields.organizationId,
    fields.subjectUserId,
    fields.actorUserId,
    fields.actorName,
    fields.actorEmail,
    fields.action,
    fields.targetType,
    fields.targetId,
    fields.ip,
    fields.device,
    fields.details,
    fields.createdAt.toISOString(),
  ];
  return createHash('sha256')
    .update(`${previousHash}\n${canonical(covered)}`)
    .digest('hex');
}
