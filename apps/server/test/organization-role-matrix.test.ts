import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
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

/**
 * The organization role matrix (architecture §7, docs/decisions.md "Organizations"), as one
 * table: for every route under /api/organization/ and every kind of caller, the answer. A
 * refusal names its `detail` and changes nothing (the organization, its memberships and
 * invitations, the callers' contexts and codes, queued e-mail); an allowed call is checked
 * by its status only. A new route under /api/organization/ fails the first test until it
 * has a row here. Where one route's rules depend on what it acts on (roles, leaving,
 * whose invitation), it has a row per target.
 *
 * Cells share one organization where the call changes nothing; an allowed call that
 * changes something (a `consumes` row) gets an organization of its own. People are made
 * when a cell first needs them, so a fresh organization costs only its owner, the caller
 * and the target.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Who calls: nobody signed in, an account with no membership, the owner of another
 * organization (a manager there, so a check that forgot which organization shows), and one
 * person per role of the organization.
 */
const ACTORS = [
  'anonymous',
  'stranger',
  'outsider',
  'observer',
  'member',
  'admin',
  'owner',
] as const;
type Actor = (typeof ACTORS)[number];

/** Everyone an organization of the table can hold: the callers, a second admin to act on. */
type Person = Exclude<Actor, 'anonymous'> | 'otherAdmin';
type Member = 'observer' | 'member' | 'admin' | 'otherAdmin' | 'owner';

/** A status, with the `detail` after it for a refusal: `403 forbidden`. */
type Outcome = number | `${number} ${string}`;

const UNAUTHORIZED = '401 unauthorized';
const NOT_FOUND = '404 not_found';
const FORBIDDEN = '403 forbidden';
const NO_INVITATION = '404 invitation_not_found';
const NOT_YOURS = '403 invitation_wrong_account';

type Account = Awaited<ReturnType<typeof signedUpClient>>;

interface Firm {
  organization: string;
  person(who: Person): Promise<Account>;
  /** The membership of `who` in the organization. */
  membership(who: Member): Promise<string>;
  /** The file id of the organization's logo. */
  logo(): Promise<string>;
  /** An open invitation of the organization to a new address, or to the stranger/outsider. */
  invitation(to: 'newcomer' | 'stranger' | 'outsider'): Promise<string>;
  /** The accounts made so far. */
  userIds(): string[];
}

interface Row {
  route: string;
  /** What the call acts on, where the route has several rows. */
  target?: string;
  /** The allowed call changes the organization or the caller: each allowed cell gets a fresh one. */
  consumes?: boolean;
  request(f: Firm): Promise<InjectOptions & { url: string }>;
  expect: Record<Actor, Outcome>;
}

const json = (method: 'POST' | 'PUT', url: string, payload: object) => ({ method, url, payload });

const ROWS: Row[] = [
  // Anyone signed in may found an organization (and then acts in it).
  {
    route: 'POST /api/organization/create',
    consumes: true,
    request: async () => json('POST', '/api/organization/create', { name: 'Nowa kancelaria' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 201,
      outsider: 201,
      observer: 201,
      member: 201,
      admin: 201,
      owner: 201,
    },
  },
  // The context each acts in: the outsider's is their own organization.
  {
    route: 'GET /api/organization/get-current',
    request: async () => ({ method: 'GET', url: '/api/organization/get-current' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: '400 no_current_organization',
      outsider: 200,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  // Every member already acts in it: switching again changes nothing but the activity time.
  {
    route: 'POST /api/organization/switch-organization',
    request: async (f) =>
      json('POST', '/api/organization/switch-organization', { organization_pk: f.organization }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'GET /api/organization/membership/user-list',
    request: async () => ({ method: 'GET', url: '/api/organization/membership/user-list' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 200,
      outsider: 200,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'PUT /api/organization/update/:organization_pk',
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/update/${f.organization}`, { name: 'Przemianowana' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  // Without a code it only e-mails one to the owner (202); the code itself is not used here.
  {
    route: 'DELETE /api/organization/delete/:organization_pk',
    request: async (f) => ({ method: 'DELETE', url: `/api/organization/delete/${f.organization}` }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 202,
    },
  },
  {
    route: 'GET /api/organization/logo/:fileId',
    request: async (f) => ({ method: 'GET', url: `/api/organization/logo/${await f.logo()}` }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'GET /api/organization/membership/list/:organization_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/membership/list/${f.organization}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'GET /api/organization/membership/stats/:organization_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/membership/stats/${f.organization}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "the observer's role; the observer's cell is their own",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('observer')}`, {
        role: 'MEMBER',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "the member's role; the member's cell is their own",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('member')}`, {
        role: 'OBSERVER',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "the admin's role; the admin's cell is their own",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('admin')}`, {
        role: 'MEMBER',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      // An admin may step down (to member or observer) as they may leave.
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "another admin's role",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('otherAdmin')}`, {
        role: 'MEMBER',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 200,
    },
  },
  // The owner's role never changes here: ownership moves by transfer.
  {
    route: 'PUT /api/organization/membership/update/:membership_pk',
    target: "the owner's role",
    consumes: true,
    request: async (f) =>
      json('PUT', `/api/organization/membership/update/${await f.membership('owner')}`, {
        role: 'ADMIN',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: FORBIDDEN,
    },
  },
  // Without a code it only e-mails one to the owner (202). The target is the member, so the
  // member's cell is someone asking for the ownership themselves.
  {
    route: 'PUT /api/organization/membership/transfer-ownership',
    request: async (f) =>
      json('PUT', '/api/organization/membership/transfer-ownership', {
        membership_pk: await f.membership('member'),
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 202,
    },
  },
  // Anyone but the owner may leave; managers remove members and observers, the owner admins.
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'the observer, who may leave',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('observer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: 200,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'the member, who may leave',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('member')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'the admin, who may leave',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('admin')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'another admin',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('otherAdmin')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/membership/delete/:membership_pk',
    target: 'the owner, who may not leave',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/membership/delete/${await f.membership('owner')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: FORBIDDEN,
      owner: FORBIDDEN,
    },
  },
  {
    route: 'POST /api/organization/invitation/create/:organization_pk',
    consumes: true,
    request: async (f) =>
      json('POST', `/api/organization/invitation/create/${f.organization}`, {
        user_emails: [uniqueEmail('invited')],
        role: 'MEMBER',
      }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 201,
      owner: 201,
    },
  },
  {
    route: 'GET /api/organization/invitation/list/:organization_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/invitation/list/${f.organization}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_FOUND,
      outsider: NOT_FOUND,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  // Resending renews the invitation (and may be done once a minute).
  {
    route: 'POST /api/organization/invitation/resend-email/:invitation_type/:invitation_pk',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/resend-email/EMAIL/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NO_INVITATION,
      outsider: NO_INVITATION,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'DELETE /api/organization/invitation/delete/:invitation_type/:invitation_pk',
    consumes: true,
    request: async (f) => ({
      method: 'DELETE',
      url: `/api/organization/invitation/delete/EMAIL/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NO_INVITATION,
      outsider: NO_INVITATION,
      observer: FORBIDDEN,
      member: FORBIDDEN,
      admin: 200,
      owner: 200,
    },
  },
  // An invitation link is a capability: any signed-in account sees it (and that it is not theirs).
  {
    route: 'GET /api/organization/invitation/get/:invitation_type/:invitation_pk',
    request: async (f) => ({
      method: 'GET',
      url: `/api/organization/invitation/get/EMAIL/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 200,
      outsider: 200,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  {
    route: 'GET /api/organization/invitation/list',
    request: async () => ({ method: 'GET', url: '/api/organization/invitation/list' }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 200,
      outsider: 200,
      observer: 200,
      member: 200,
      admin: 200,
      owner: 200,
    },
  },
  // Only the invited address answers: not even the organization's managers for it.
  {
    route: 'POST /api/organization/invitation/accept/:invitation_pk',
    target: 'an invitation to a new address',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/accept/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_YOURS,
      outsider: NOT_YOURS,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
  {
    route: 'POST /api/organization/invitation/accept/:invitation_pk',
    target: 'an invitation to the stranger',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/accept/${await f.invitation('stranger')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 200,
      outsider: NOT_YOURS,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
  // A member of one organization may join another.
  {
    route: 'POST /api/organization/invitation/accept/:invitation_pk',
    target: 'an invitation to the outsider',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/accept/${await f.invitation('outsider')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_YOURS,
      outsider: 200,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
  {
    route: 'POST /api/organization/invitation/decline/:invitation_pk',
    target: 'an invitation to a new address',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/decline/${await f.invitation('newcomer')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: NOT_YOURS,
      outsider: NOT_YOURS,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
  {
    route: 'POST /api/organization/invitation/decline/:invitation_pk',
    target: 'an invitation to the stranger',
    consumes: true,
    request: async (f) => ({
      method: 'POST',
      url: `/api/organization/invitation/decline/${await f.invitation('stranger')}`,
    }),
    expect: {
      anonymous: UNAUTHORIZED,
      stranger: 200,
      outsider: NOT_YOURS,
      observer: NOT_YOURS,
      member: NOT_YOURS,
      admin: NOT_YOURS,
      owner: NOT_YOURS,
    },
  },
];

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
  const created = await owner.client.post('/api/organization/create', { name: 'Kancelaria' });
  expect(created.statusCode, created.body).toBe(201);
  const organization: string = created.json().pk;
  const userIds = [owner.user.pk];

  const invite = async (email: string, role: string) => {
    const sent = await owner.client.post(`/api/organization/invitation/create/${organization}`, {
      user_emails: [email],
      role,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json()[0].pk as string;
  };

  const person = memoized(async (who: Person): Promise<Account> => {
    if (who === 'owner') return owner;
    const account = await signedUpClient(t);
    userIds.push(account.user.pk);
    if (who === 'outsider') {
      const own = await account.client.post('/api/organization/create', { name: 'Inna firma' });
      expect(own.statusCode, own.body).toBe(201);
    } else if (who !== 'stranger') {
      const pk = await invite(account.email, ROLE_OF[who]);
      const accepted = await account.client.post(`/api/organization/invitation/accept/${pk}`);
      expect(accepted.statusCode, accepted.body).toBe(200);
    }
    return account;
  });

  const membership = memoized(async (who: Member) => {
    const { user } = await person(who);
    const [row] = await t.database.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.organizationId, organization), eq(memberships.userId, user.pk)));
    return row!.id;
  });

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

  const invitation = memoized(async (to: 'newcomer' | 'stranger' | 'outsider') =>
    invite(to === 'newcomer' ? uniqueEmail('newcomer') : (await person(to)).email, 'MEMBER'),
  );

  return {
    organization,
    person,
    membership,
    logo: () => (logo ??= uploadLogo()),
    invitation,
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
    expect([...covered].filter((route) => !routes.includes(route))).toEqual([]);
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
