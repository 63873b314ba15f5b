import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationPage, MemberPage } from '@themis/shared';
import { monthKey } from '../src/modules/usage/allowance';
import { invitationPageQuery } from '../src/modules/organizations/invitations.repo';
import { memberPageQuery } from '../src/modules/organizations/memberships.repo';
import { signedUpClient } from './accounts';
import { createTestApp, type TestApp } from './app';
import { createOrganization, type Account } from './organization-fixtures';

const MEMBERS = 1_000;
const INVITATIONS = 5_000;

let t: TestApp;
let owner: Account;
let organizationId: string;

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/**
 * `members` accounts joined to the organization and `invitations` invitations to it, each in
 * one statement. Members joined a second apart, three by three in one second (ties broken by
 * id); invitations were created an hour apart, seven by seven in one hour, a microsecond
 * apart or at the same instant, so that page ends fall inside runs of equal dates.
 */
async function populate(options: {
  organizationId: string;
  invitedById: string;
  label: string;
  members: number;
  invitations: number;
}) {
  const { organizationId: organization, invitedById, label } = options;
  const db = t.database.db;
  await db.execute(sql`
    insert into users (email, name, surname, activated_at, has_personal_info_set)
    select ${label} || '.coworker' || g || '@scale.example', 'Anna' || g, 'Nowak' || g, now(), true
    from generate_series(1, ${options.members}::int) g`);
  await db.execute(sql`
    insert into memberships (organization_id, user_id, role, created_at, last_activity_at)
    select ${organization}::uuid, u.id,
      case when g % 10 = 0 then 'ADMIN' when g % 3 = 0 then 'OBSERVER' else 'MEMBER' end,
      timestamptz '2025-01-01T00:00:00Z' + (g / 3) * interval '1 second', now()
    from generate_series(1, ${options.members}::int) g
    join users u on u.email = ${label} || '.coworker' || g || '@scale.example'`);
  await db.execute(sql`
    insert into organization_token_usage (organization_id, user_id, month, tokens)
    select m.organization_id, m.user_id, ${monthKey(new Date())}::date, 1000
    from memberships m where m.organization_id = ${organization}::uuid and m.role <> 'OWNER'`);
  await db.execute(sql`
    insert into invitations
      (organization_id, email, role, status, invited_by_id, expires_at, last_sent_at, created_at)
    select ${organization}::uuid, ${label} || '.invited' || g || '@scale.example', 'OBSERVER',
      (array['sent', 'accepted', 'declined', 'revoked'])[g % 4 + 1], ${invitedById}::uuid,
      now() + interval '14 days', now(),
      timestamptz '2025-01-01T00:00:00Z' + ((g - 1) / 7) * interval '1 hour'
        + (g % 3) * interval '1 microsecond'
    from generate_series(1, ${options.invitations}::int) g`);
}

/**
 * Forty other organizations with 250 members and 1,250 invitations each, their rows
 * interleaved: the organization's members are a tenth of the table and its invitations a
 * twelfth, as in a database shared by many, so that reading them whole is no cheaper than
 * reading its index (in a table holding one big organization alone, it would be).
 */
async function populateOthers() {
  const db = t.database.db;
  const others = 40;
  await db.execute(sql`
    insert into organizations (name) select 'Kancelaria ' || g from generate_series(1, ${others}::int) g`);
  const numbered = sql`(
    select id, row_number() over (order by id) - 1 as n
    from organizations where name like 'Kancelaria %' and name <> 'Kancelaria Duża'
  ) o`;
  await db.execute(sql`
    insert into users (email, name, surname, activated_at)
    select 'other.' || g || '@scale.example', 'Jan' || g, 'Kowalski' || g, now()
    from generate_series(1, ${others * 250}::int) g`);
  await db.execute(sql`
    insert into memberships (organization_id, user_id, role, created_at)
    select o.id, u.id, 'MEMBER', timestamptz '2025-01-01T00:00:00Z' + g * interval '1 second'
    from generate_series(1, ${others * 250}::int) g
    join users u on u.email = 'other.' || g || '@scale.example'
    join ${numbered} on o.n = g % ${others}`);
  await db.execute(sql`
    insert into invitations (organization_id, email, role, status, expires_at, created_at)
    select o.id, 'other.invited' || g || '@scale.example', 'OBSERVER', 'sent',
      now() + interval '14 days', timestamptz '2025-01-01T00:00:00Z' + g * interval '1 minute'
    from generate_series(1, ${others * 1250}::int) g
    join ${numbered} on o.n = g % ${others}`);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedUpClient(t);
  organizationId = await createOrganization(owner.client, 'Kancelaria Duża');
  await populate({
    organizationId,
    invitedById: owner.user.pk,
    label: 'big',
    members: MEMBERS - 1,
    invitations: INVITATIONS,
  });
  await populateOthers();
  for (const table of ['users', 'memberships', 'invitations', 'organization_token_usage']) {
    await t.database.db.execute(sql`analyze ${sql.identifier(table)}`);
  }
}, 120_000);
afterAll(() => t.close());

async function page<Page>(path: string, query: Record<string, string | number>) {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const res = await owner.client.get(`${path}?${search}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}

/** Every page of a list from the first, following next_cursor; the items' pks in order. */
async function walk(path: string, query: Record<string, string | number>) {
  const pks: string[] = [];
  let cursor = null as string | null;
  let pages = 0;
  do {
    const next = await page<InvitationPage | MemberPage>(path, {
      ...query,
      ...(cursor ? { cursor } : undefined),
    });
    pks.push(...next.items.map((item) => item.pk));
    cursor = next.next_cursor;
    pages += 1;
  } while (cursor);
  return { pks, pages };
}

const invitationsPath = () => `/api/organization/invitation/list/${organizationId}`;
const membersPath = () => `/api/organization/membership/list/${organizationId}`;

async function plan(query: SQLWrapper): Promise<string> {
  const result = await t.database.db.execute(sql`explain ${query}`);
  return rowsOf<Record<string, string>>(result)
    .map((row) => Object.values(row).join(' '))
    .join('\n');
}

describe('an organization with 1,000 members and 5,000 invitations', () => {
  it('pages through the invitations, newest first, without gaps or repeats', async () => {
    const first = await page<InvitationPage>(invitationsPath(), {});
    expect(first.items).toHaveLength(50);
    expect(first.items[0]!.email).toBe('big.invited5000@scale.example');
    expect(first.next_cursor).toEqual(expect.any(String));

    // 200 a page: a page ends inside a run of seven invitations of the same hour.
    const { pks, pages } = await walk(invitationsPath(), { limit: 200 });
    expect(pages).toBe(25);
    expect(new Set(pks).size).toBe(INVITATIONS);
    const expected = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        select id from invitations where organization_id = ${organizationId}::uuid
        order by created_at desc, id desc`),
    ).map((row) => row.id);
    expect(pks).toEqual(expected);
  });

  it('searches the invitations by e-mail and creation date, page by page', async () => {
    const one = await page<InvitationPage>(invitationsPath(), { search: 'BIG.Invited4999@' });
    expect(one.items.map((i) => i.email)).toEqual(['big.invited4999@scale.example']);
    expect(one.next_cursor).toBeNull();

    // invited1, 10-19, 100-199 and 1000-1999: 1,111 of them.
    const searched = await walk(invitationsPath(), { search: 'big.invited1', limit: 200 });
    expect(new Set(searched.pks).size).toBe(1_111);
    expect(searched.pages).toBe(6);

    // Hours 216 to 263 of January 2025 (both days whole): 48 hours of seven invitations.
    const range = { create_date_from: '2025-01-10', create_date_to: '2025-01-11', limit: 100 };
    const ranged = await walk(invitationsPath(), range);
    expect(new Set(ranged.pks).size).toBe(48 * 7);
    const dated = await page<InvitationPage>(invitationsPath(), { ...range, limit: 200 });
    for (const invitation of dated.items) {
      expect(invitation.created_at >= '2025-01-10' && invitation.created_at < '2025-01-12').toBe(
        true,
      );
    }
    const both = await page<InvitationPage>(invitationsPath(), {
      ...range,
      search: 'big.invited1600',
    });
    expect(both.items.map((i) => i.email)).toEqual(['big.invited1600@scale.example']);
    const outside = await page<InvitationPage>(invitationsPath(), {
      create_date_from: '2025-03-01',
    });
    expect(outside).toEqual({ items: [], next_cursor: null });
  });

  it('pages through the co-workers by date added without gaps or repeats', async () => {
    const expected = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`
        select id from memberships where organization_id = ${organizationId}::uuid
        order by created_at, id`),
    ).map((row) => row.id);
    const first = await page<MemberPage>(membersPath(), {});
    expect(first.items.map((m) => m.pk)).toEqual(expected.slice(0, 50));
    expect(first.items[0]!.user.email).toMatch(/^big\.coworker[12]@scale\.example$/);
    for (const member of first.items) expect(member.usage).toBe(1000);

    // 200 a page: a page ends inside a run of three members added in the same second.
    const { pks, pages } = await walk(membersPath(), { limit: 200 });
    expect(pages).toBe(5);
    expect(new Set(pks).size).toBe(MEMBERS);
    expect(pks).toEqual(expected);
    // The owner created it today, after the seeded members joined.
    const last = await page<MemberPage>(membersPath(), { search: owner.email });
    expect(last.items.map((m) => [m.pk, m.role])).toEqual([[pks.at(-1), 'OWNER']]);
  });

  it('searches the co-workers by e-mail and name, page by page', async () => {
    const byEmail = await page<MemberPage>(membersPath(), { search: 'BIG.COWORKER777@' });
    expect(byEmail.items.map((m) => m.user.email)).toEqual(['big.coworker777@scale.example']);
    // Nowak7, 70-79 and 700-799: 111, in pages of 50.
    const bySurname = await walk(membersPath(), { search: 'nowak7' });
    expect(new Set(bySurname.pks).size).toBe(111);
    expect(bySurname.pages).toBe(3);
    const byName = await page<MemberPage>(membersPath(), { search: 'ANNA99', limit: 200 });
    expect(byName.items.map((m) => m.user.name).sort()).toEqual(
      ['Anna99', ...Array.from({ length: 10 }, (_, i) => `Anna99${i}`)].sort(),
    );
    expect(await page<MemberPage>(membersPath(), { search: 'nobody' })).toEqual({
      items: [],
      next_cursor: null,
    });
  });

  it('refuses a forged cursor and a page size out of range', async () => {
    for (const path of [invitationsPath(), membersPath()]) {
      for (const query of [
        `cursor=${Buffer.from('2025-02-30T00:00:00.000000Z|x').toString('base64url')}`,
        'cursor=%25%25',
        'limit=0',
        'limit=201',
        'limit=ten',
      ]) {
        const res = await owner.client.get(`${path}?${query}`);
        expect([query, res.statusCode, res.json().detail]).toEqual([
          query,
          400,
          'validation_error',
        ]);
      }
    }
  });

  it('plans every list query on the organization’s index, never a scan of the table', async () => {
    const db = t.database.db;
    const month = monthKey(new Date());
    // Half-way down either list, where an offset would skip 2,500 or 500 rows.
    const deepInvitation = { at: '2025-01-15T20:00:00.000001Z', id: crypto.randomUUID() };
    const deepMember = { at: '2025-01-01T00:02:46.000000Z', id: crypto.randomUUID() };
    const invitationPlans = {
      first: invitationPageQuery({ db, organizationId, limit: 51 }),
      deep: invitationPageQuery({ db, organizationId, after: deepInvitation, limit: 51 }),
      search: invitationPageQuery({ db, organizationId, search: 'invited12', limit: 51 }),
      range: invitationPageQuery({
        db,
        organizationId,
        from: '2025-01-10',
        to: '2025-01-11',
        after: deepInvitation,
        limit: 51,
      }),
    };
    for (const [name, query] of Object.entries(invitationPlans)) {
      const text = await plan(query);
      expect(text, name).toContain('invitations_organization_created_idx');
      expect(text, name).not.toMatch(/Seq Scan on invitations/);
    }
    // The index gives the order: no sort of the organization's invitations.
    expect(await plan(invitationPlans.first)).not.toMatch(/Sort/);
    expect(await plan(invitationPlans.deep)).not.toMatch(/Sort/);
    const memberPlans = {
      first: memberPageQuery({ db, organizationId, month, limit: 51 }),
      deep: memberPageQuery({ db, organizationId, month, after: deepMember, limit: 51 }),
      search: memberPageQuery({ db, organizationId, month, search: 'nowak7', limit: 51 }),
    };
    for (const [name, query] of Object.entries(memberPlans)) {
      const text = await plan(query);
      expect(text, name).toContain('memberships_organization_created_idx');
      // Each member's account by its key: a search reads this organization's accounts only.
      expect(text, name).toContain('users_pkey');
      expect(text, name).not.toMatch(/Seq Scan on (memberships|users|organization_token_usage)/);
      expect(text, name).not.toMatch(/Sort/);
    }
  });
});
