import { isDeepStrictEqual } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invitations,
  memberships,
  organizations,
  users,
  verificationCodes,
} from '../src/db/schema';
import { Client, signedUpClient, uniqueEmail } from './accounts';
import { createTestApp, type TestApp } from './app';
import { png } from './avatar-fixtures';
import { multipartBody } from './multipart';
import {
  createOrganization,
  invitation,
  join,
  membershipPk,
  type Account,
} from './organization-fixtures';
import { BILLING_ROWS } from './organization-role-matrix.billing';
import { INVITATION_ROWS } from './organization-role-matrix.invitations';
import { MEMBERSHIP_ROWS } from './organization-role-matrix.memberships';
import { ORGANIZATION_ROWS } from './organization-role-matrix.organizations';
import {
  ACTORS,
  type Actor,
  type Firm,
  type Member,
  type Outcome,
  type Person,
  type Row,
} from './organization-role-matrix.types';

/**
 * The organization role matrix (architecture §7, docs/decisions.md "Organizations"), as one
 * table: for every route under /api/organization/ (and the billing of an organization) and
 * every kind of caller, the answer. A
 * refusal names its `detail` and changes nothing (the organization, its memberships and
 * invitations, the callers' contexts and codes, queued e-mail); an allowed call is checked
 * by its status only. A new route under /api/organization/ fails the first test until it
 * has a row in one of the tables. Where one route's rules depend on what it acts on (roles,
 * leaving, whose invitation), it has a row per target.
 *
 * Cells share one organization where the call changes nothing; an allowed call that
 * changes something (a `consumes` row) gets an organization of its own. People are made
 * when a cell first needs them, so a fresh organization costs only its owner, the caller
 * and the target.
 */

/** The table, area by area (organization-role-matrix.<area>.ts). */
const ROWS: Row[] = [...ORGANIZATION_ROWS, ...MEMBERSHIP_ROWS, ...INVITATION_ROWS, ...BILLING_ROWS];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ROLE_OF = {
  observer: 'OBSERVER',
  member: 'MEMBER',
  admin: 'ADMIN',
  otherAdmin: 'ADMIN',
} as const;

function memoized<K, V>(make: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const made = new Map<K, Promise<V>>();
  return (key) => {
    let value = made.get(key);
    if (!value) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

/**
 * An organization made through the API by its owner, who acts in it. Everyone else (one
 * person per role, who join by invitation and act in it; the stranger; the outsider with an
 * organization of their own), the logo and the open invitations come when first asked for.
 */
async function firm(): Promise<Firm> {
  const owner = await signedUpClient(t);
  const organization = await createOrganization(owner.client);
  const userIds = [owner.user.pk];

  const person = memoized(async (who: Person): Promise<Account> => {
    if (who === 'owner') return owner;
    const account = await signedUpClient(t);
    userIds.push(account.user.pk);
    if (who === 'outsider') await createOrganization(account.client, 'Inna firma');
    else if (who !== 'stranger') await join(owner.client, organization, account, ROLE_OF[who]);
    return account;
  });

  const membership = memoized(async (who: Member) =>
    membershipPk(t, organization, (await person(who)).user.pk),
  );

  let logo: Promise<string> | undefined;
  const uploadLogo = async () => {
    const form = multipartBody([
      { name: 'avatar', data: await png(), filename: 'logo.png', contentType: 'image/png' },
    ]);
    const updated = await owner.client.request({
      method: 'PUT',
      url: `/api/organization/update/${organization}`,
      ...form,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    return String(updated.json().avatar_url).split('/').pop()!;
  };

  const invitationTo = memoized(
    async (to: 'newcomer' | 'stranger' | 'outsider') =>
      (
        await invitation(
          owner.client,
          organization,
          to === 'newcomer' ? uniqueEmail('newcomer') : (await person(to)).email,
        )
      ).pk,
  );

  return {
    organization,
    person,
    membership,
    logo: () => (logo ??= uploadLogo()),
    invitation: invitationTo,
    userIds: () => [...userIds],
  };
}

/** What a refusal must leave as it was. */
async function snapshot(f: Firm) {
  const db = t.database.db;
  const people = f.userIds();
  const queued = await db.execute(
    sql`select pg_sequence_last_value(pg_get_serial_sequence('jobs', 'id')::regclass)::text as value`,
  );
  return {
    organization: await db.select().from(organizations).where(eq(organizations.id, f.organization)),
    memberships: await db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, f.organization))
      .orderBy(memberships.id),
    invitations: await db
      .select()
      .from(invitations)
      .where(eq(invitations.organizationId, f.organization))
      .orderBy(invitations.id),
    contexts: await db
      .select({ id: users.id, organization: users.currentOrganizationId })
      .from(users)
      .where(inArray(users.id, people))
      .orderBy(users.id),
    codes: await db
      .select()
      .from(verificationCodes)
      .where(inArray(verificationCodes.userId, people))
      .orderBy(verificationCodes.id),
    // E-mails and other jobs: finished ones are deleted, so their sequence tells.
    queuedJobs: (queued as unknown as { rows: { value: string | null }[] }).rows[0]!.value,
  };
}

const statusOf = (outcome: Outcome) => Number(String(outcome).split(' ')[0]);
const rowName = (row: Row) => (row.target ? `${row.route} [${row.target}]` : row.route);

/** The organization refusals and calls that change nothing share; made again after a miss. */
let shared: Promise<Firm> | undefined;

/** Runs one cell; what went wrong, or null. */
async function runCell(row: Row, actor: Actor): Promise<string | null> {
  const expected = String(row.expect[actor]);
  const allowed = statusOf(row.expect[actor]) < 400;
  const f = allowed && row.consumes ? await firm() : await (shared ??= firm());
  // The caller and the record first: making them is not what the cell checks.
  const client = actor === 'anonymous' ? new Client(t) : (await f.person(actor)).client;
  const request = await row.request(f);
  const before = allowed ? undefined : await snapshot(f);
  const res = await client.request(request);
  const answer =
    res.statusCode < 400 ? String(res.statusCode) : `${res.statusCode} ${res.json().detail}`;
  const problems: string[] = [];
  if (answer !== expected) problems.push(`expected ${expected}, got ${answer}: ${res.body}`);
  if (before) {
    const after = await snapshot(f);
    const changed = Object.keys(before).filter(
      (key) =>
        !isDeepStrictEqual(before[key as keyof typeof before], after[key as keyof typeof after]),
    );
    if (changed.length > 0) problems.push(`changed ${changed.join(', ')}`);
  }
  if (problems.length === 0) return null;
  // Whatever happened may have changed the shared organization: the next cell gets another.
  if (!(allowed && row.consumes)) shared = undefined;
  return `${actor}: ${problems.join('; ')}`;
}

describe('organization role matrix', () => {
  it('has a row for every organization route, and each refusal names its detail', () => {
    const routes = t.app.apiRoutes.filter((route) =>
      route.split(' ')[1]!.startsWith('/api/organization/'),
    );
    const covered = new Set(ROWS.map((row) => row.route));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
    expect([...covered].filter((route) => !t.app.apiRoutes.includes(route))).toEqual([]);
    const bare = ROWS.flatMap((row) =>
      ACTORS.filter((actor) => statusOf(row.expect[actor]) >= 400)
        .filter((actor) => !/^\d{3} \w+$/.test(String(row.expect[actor])))
        .map((actor) => `${rowName(row)}: ${actor}`),
    );
    expect(bare).toEqual([]);
  });

  for (const row of ROWS) {
    it(rowName(row), async () => {
      const misses: string[] = [];
      for (const actor of ACTORS) {
        const miss = await runCell(row, actor);
        if (miss) misses.push(miss);
      }
      expect(misses).toEqual([]);
    });
  }
});
