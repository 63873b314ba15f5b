import type { InjectOptions } from 'fastify';
import type { Account } from './organization-fixtures';

// The shape of the organization role matrix (organization-role-matrix.test.ts): who calls,
// what a cell expects, and what a row is. The rows themselves are in the
// organization-role-matrix.<area>.ts tables.

/**
 * Who calls: nobody signed in, an account with no membership, the owner of another
 * organization (a manager there, so a check that forgot which organization shows), and one
 * person per role of the organization.
 */
export const ACTORS = [
  'anonymous',
  'stranger',
  'outsider',
  'observer',
  'member',
  'admin',
  'owner',
] as const;
export type Actor = (typeof ACTORS)[number];

/** Everyone an organization of the table can hold: the callers, a second admin to act on. */
export type Person = Exclude<Actor, 'anonymous'> | 'otherAdmin';
export type Member = 'observer' | 'member' | 'admin' | 'otherAdmin' | 'owner';

/** A status, with the `detail` after it for a refusal: `403 forbidden`. */
export type Outcome = number | `${number} ${string}`;

export const UNAUTHORIZED = '401 unauthorized';
export const NOT_FOUND = '404 not_found';
export const FORBIDDEN = '403 forbidden';
export const NO_INVITATION = '404 invitation_not_found';
export const NOT_YOURS = '403 invitation_wrong_account';

export interface Firm {
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

export interface Row {
  route: string;
  /** What the call acts on, where the route has several rows. */
  target?: string;
  /** The allowed call changes the organization or the caller: each allowed cell gets a fresh one. */
  consumes?: boolean;
  request(f: Firm): Promise<InjectOptions & { url: string }>;
  expect: Record<Actor, Outcome>;
}

export const json = (method: 'POST' | 'PUT', url: string, payload: object) => ({
  method,
  url,
  payload,
});
