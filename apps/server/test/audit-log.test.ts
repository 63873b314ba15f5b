import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/db/schema';
import { deleteOrganizationEntries, recordAudit, verifyAuditLog } from '../src/modules/audit';
import { OperatorCommandError, runOperatorCommand } from '../src/operator/commands';
import { signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';

// The audit log is appended to only: the database refuses to change or remove an entry, each
// entry's hash covers the one before it, and the operator's check finds an entry altered by hand.

let t: TestApp;
let actor: string;
const now = new Date('2026-12-04T10:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  actor = (await signedUpClient(t)).user.pk;
});
afterAll(() => t.close());

const db = () => t.database.db;

async function logWith(count: number) {
  const organizationId = randomUUID();
  for (let index = 0; index < count; index++) {
    await recordAudit({
      db: db(),
      now: new Date(now.getTime() + index * 1000),
      log: { organizationId },
      actorUserId: actor,
      action: 'organization.settings_changed',
      target: { type: 'organization', id: organizationId },
      origin: { ip: '203.0.113.7', device: 'Mozilla/5.0 (X11; Linux x86_64)' },
      details: { name: { before: `Name ${index}`, after: `Name ${index + 1}` }, zeta: 1, alpha: 2 },
    });
  }
  return organizationId;
}

const verify = (organizationId: string) =>
  runOperatorCommand({
    db: db(),
    config: t.config,
    now,
    args: ['audit', 'verify', organizationId],
  });

/** The database's refusal of a statement, as its error code. */
async function refusal(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: string }; code?: string }).cause ?? error;
    return (cause as { code?: string }).code;
  }
}

describe('the audit log', () => {
  it('chains each entry to the one before it, and the check says the chain holds', async () => {
    const organizationId = await logWith(3);
    const rows = await db()
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, organizationId))
      .orderBy(auditEntries.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      prevHash: '0'.repeat(64),
      actorUserId: actor,
      action: 'organization.settings_changed',
      ip: '203.0.113.7',
      device: 'Mozilla/5.0 (X11; Linux x86_64)',
    });
    expect(rows[0]!.actorEmail).toMatch(/@example\.com$/);
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    expect(rows[2]!.prevHash).toBe(rows[1]!.hash);
    expect((await verify(organizationId)).output).toBe(
      `The audit log of ${organizationId} holds 3 entries; every one follows the one before it.`,
    );
  });

  it('is refused any UPDATE, DELETE or TRUNCATE by the database itself', async () => {
    const organizationId = await logWith(1);
    const mine = eq(auditEntries.organizationId, organizationId);
    expect(await refusal(db().update(auditEntries).set({ action: 'x' }).where(mine))).toBe('42501');
    expect(await refusal(db().delete(auditEntries).where(mine))).toBe('42501');
    expect(await refusal(db().execute(sql`truncate audit_entries`))).toBe('42501');
    expect(await db().select().from(auditEntries).where(mine)).toHaveLength(1);
    expect((await verifyAuditLog(db(), { organizationId })).broken).toBeNull();
  });

  it('finds an entry altered by hand, and the first one that no longer follows', async () => {
    const organizationId = await logWith(4);
    const [, second] = await db()
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.organizationId, organizationId))
      .orderBy(auditEntries.id);
    // As the database's owner could: with the guard switched off for a moment.
    await db().execute(sql`alter table audit_entries disable trigger audit_entries_append_only`);
    try {
      await db()
        .update(auditEntries)
        .set({ details: { name: { before: 'Name 1', after: 'Forged' } } })
        .where(eq(auditEntries.id, second!.id));
    } finally {
      await db().execute(sql`alter table audit_entries enable trigger audit_entries_append_only`);
    }
    expect(await verifyAuditLog(db(), { organizationId })).toEqual({
      entries: 2,
      broken: { id: second!.id, createdAt: second!.createdAt, reason: 'hash' },
    });
    await expect(verify(organizationId)).rejects.toThrow(OperatorCommandError);
    await expect(verify(organizationId)).rejects.toThrow(
      `is broken at entry ${second!.id} (${second!.createdAt.toISOString()}): its hash does not match`,
    );
  });

  it('keeps one chain when entries are written at once', async () => {
    const organizationId = randomUUID();
    await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        recordAudit({
          db: db(),
          now,
          log: { organizationId },
          actorUserId: actor,
          action: 'invitation.sent',
          details: { index },
        }),
      ),
    );
    expect(await verifyAuditLog(db(), { organizationId })).toEqual({ entries: 12, broken: null });
  });

  it('is removed only with its organization at the purge', async () => {
    const organizationId = await logWith(2);
    const other = await logWith(1);
    await deleteOrganizationEntries(db(), organizationId);
    expect(
      await db().select().from(auditEntries).where(eq(auditEntries.organizationId, organizationId)),
    ).toEqual([]);
    expect((await verifyAuditLog(db(), { organizationId: other })).entries).toBe(1);
    // The permission ends with the purge's transaction.
    expect(
      await refusal(db().delete(auditEntries).where(eq(auditEntries.organizationId, other))),
    ).toBe('42501');
  });

  it('refuses a command that names no organization', async () => {
    await expect(
      runOperatorCommand({ db: db(), config: t.config, now, args: ['audit', 'verify'] }),
    ).rejects.toThrow('usage: audit verify PK');
  });
});
