import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Invitation, MemberPage, Membership } from '@themis/shared';
import { memberships } from '../src/db/schema';
import { signedUpClient, type Client } from './accounts';
import type { TestApp } from './app';

// Shared by the organization tests: organizations, invitations and members made through the
// API as a user would make them, and the lookups of who is whose member.

/** A signed-up account, as signedUpClient gives it. */
export type Account = Awaited<ReturnType<typeof signedUpClient>>;

/** A role one is invited to: any but the owner's. */
export type Role = Invitation['role'];

/** Every such role, the highest first. */
export const ROLES = ['ADMIN', 'MEMBER', 'OBSERVER'] as const satisfies readonly Role[];

/** Founds an organization as `client`, who becomes its owner and acts in it; its pk. */
export async function createOrganization(client: Client, name = 'Kancelaria'): Promise<string> {
  const res = await client.post('/api/organization/create', { name });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { pk: string }).pk;
}

/** An invitation of the organization to `email` as `role`, sent by `by`. */
export async function invitation(
  by: Client,
  organizationId: string,
  email: string,
  role: Role = 'MEMBER',
): Promise<Invitation> {
  const res = await by.post(`/api/organization/invitation/create/${organizationId}`, {
    user_emails: [email],
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as Invitation[])[0]!;
}

/** `person` joins the organization as `role` by `owner`'s invitation, and so acts in it. */
export async function join<P extends Account>(
  owner: Client,
  organizationId: string,
  person: P,
  role: Role,
): Promise<P> {
  const { pk } = await invitation(owner, organizationId, person.email, role);
  const accepted = await person.client.post(`/api/organization/invitation/accept/${pk}`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  return person;
}

type Firm<R extends Role> = { owner: Account; organizationId: string } & {
  [K in R as Lowercase<K>]: Account;
};

/**
 * An organization named `name` and its new owner, with one new account per role of `roles`
 * (in that order, under the role's name in lower case: `admin`), each acting in it.
 */
export async function firm<R extends Role = never>(
  t: TestApp,
  roles: readonly R[] = [],
  name?: string,
): Promise<Firm<R>> {
  const owner = await signedUpClient(t);
  const organizationId = await createOrganization(owner.client, name);
  const people: Record<string, Account> = {};
  for (const role of roles) {
    people[role.toLowerCase()] = await join(
      owner.client,
      organizationId,
      await signedUpClient(t),
      role,
    );
  }
  return { owner, organizationId, ...people } as Firm<R>;
}

/** The organization's members as `client` lists them (`query`: `?search=…`). */
export const members = async (client: Client, organizationId: string, query = '') =>
  (
    (
      await client.get(`/api/organization/membership/list/${organizationId}${query}`)
    ).json() as MemberPage
  ).items;

/** The caller's own membership in the organization, from their organization menu's list. */
export async function myMembership(client: Client, organizationId: string): Promise<Membership> {
  const list = (await client.get('/api/organization/membership/user-list')).json() as Membership[];
  return list.find((m) => m.organization.pk === organizationId)!;
}

/** The membership of `email` in the organization, as `client` lists it. */
export const membershipOf = async (client: Client, organizationId: string, email: string) =>
  (await members(client, organizationId)).find((m) => m.user.email === email)!;

/** The pk of `userId`'s membership in the organization, read from the database. */
export async function membershipPk(
  t: TestApp,
  organizationId: string,
  userId: string,
): Promise<string> {
  const [row] = await t.database.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row!.id;
}
