import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { payments } from '../src/db/schema';
import { loadPlans } from '../src/modules/billing/billing-catalogue';
import { nextInvoiceNumber } from '../src/modules/billing/billing.repo';
import { invoiceLinesOf } from '../src/modules/billing/invoice-lines';
import { MIGRATIONS_DIR } from '../src/paths';

// Payments made before invoices existed get their numbers (and an upgrade its credit) from
// the migration that brings invoices, and the numbering goes on from there.
//
// The embedded database, in a folder of its own: migrated to the last schema with receipts,
// given payments of that time, then migrated on.

const BEFORE_INVOICES = 18;

let root: string;
let database: DatabaseHandle;

/** The migrations up to `last`, as a folder of their own. */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = join(root, 'migrations');
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as {
    entries: { idx: number }[];
  };
  journal.entries = journal.entries.filter((entry) => entry.idx <= last);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'themis-invoice-backfill-'));
  database = await openDatabase({ databaseUrl: undefined, dataDir: root });
  await runMigrations(database, await migrationsUpTo(BEFORE_INVOICES));
});

afterAll(async () => {
  await database?.close();
  await rm(root, { recursive: true, force: true });
});

describe('the migration that brings invoices', () => {
  it('numbers the payments already made per month of payment, and credits an old upgrade', async () => {
    const { db } = database;
    await db.execute(sql`
      WITH account AS (INSERT INTO billing_accounts DEFAULT VALUES RETURNING id),
      subscription AS (
        INSERT INTO subscriptions (account_id, plan_id, period, status, provider, amount_net,
          started_at, current_period_start, current_period_end)
        SELECT account.id, plans.id, 'monthly', 'active', 'sandbox', 16179,
          '2026-03-02T09:00:00Z', '2026-03-12T09:00:00Z', '2026-04-12T09:00:00Z'
        FROM account, plans WHERE plans.code = 'expert'
        RETURNING id, account_id
      )
      INSERT INTO payments (account_id, subscription_id, kind, status, plan_id, period,
        period_start, period_end, amount_net, amount_vat, amount_gross, vat_rate_percent,
        currency, provider, receipt_number, paid_at, created_at)
      SELECT s.account_id, s.id, p.kind, 'succeeded', plans.id, 'monthly', p.start::timestamptz,
        p.end_::timestamptz, p.net, p.vat, p.net + p.vat, 23, 'PLN', 'sandbox', p.number,
        p.paid::timestamptz, p.paid::timestamptz
      FROM subscription s, plans, (VALUES
        ('subscription', 'pro', '2026-03-02T09:00:00Z', '2026-04-02T09:00:00Z', 8049, 1851,
          'TH/2026/000001', '2026-03-02T09:00:00Z'),
        ('upgrade', 'expert', '2026-03-12T09:00:00Z', '2026-04-12T09:00:00Z', 10726, 2467,
          'TH/2026/000002', '2026-03-12T09:00:00Z'),
        -- Past midnight in Warsaw: April already.
        ('renewal', 'expert', '2026-04-12T09:00:00Z', '2026-05-12T09:00:00Z', 16179, 3721,
          'TH/2026/000003', '2026-03-31T22:30:00Z')
      ) AS p(kind, plan_code, start, end_, net, vat, number, paid)
      WHERE plans.code = p.plan_code
    `);

    await runMigrations(database);

    const rows = await db.select().from(payments).orderBy(payments.paidAt);
    expect(rows.map((row) => [row.kind, row.invoiceNumber])).toEqual([
      ['subscription', 'FV/2026/03/0001'],
      ['upgrade', 'FV/2026/03/0002'],
      ['renewal', 'FV/2026/04/0001'],
    ]);
    const upgrade = rows[1]!;
    const lines = invoiceLinesOf(upgrade, await loadPlans(db));
    expect(lines.map((line) => [line.kind, line.planName, line.amount])).toEqual([
      ['plan', 'Expert', { net: 16179, vat: 3721, gross: 19900 }],
      ['credit', 'Pro', { net: -5453, vat: -1254, gross: -6707 }],
    ]);
    expect(lines[1]).toMatchObject({
      from: new Date('2026-03-12T09:00:00Z'),
      until: new Date('2026-04-02T09:00:00Z'),
    });
    expect(invoiceLinesOf(rows[2]!, await loadPlans(db))).toHaveLength(1);

    expect(await nextInvoiceNumber(db, new Date('2026-03-20T10:00:00Z'))).toBe('FV/2026/03/0003');
    expect(await nextInvoiceNumber(db, new Date('2026-04-20T10:00:00Z'))).toBe('FV/2026/04/0002');
  });
});
