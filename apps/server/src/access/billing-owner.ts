import type { Scope } from './actor';

/**
 * Whose allowance and billing: the user's own, or an organization's, whose plan and pooled
 * token limit all its members share.
 */
export type BillingOwner =
  { kind: 'user'; userId: string } | { kind: 'organization'; organizationId: string };

/** Who pays for what is done in a scope: the user in their own, the organization in its. */
export function billingOwnerOf(scope: Scope): BillingOwner {
  return scope.organizationId === null
    ? { kind: 'user', userId: scope.userId }
    : { kind: 'organization', organizationId: scope.organizationId };
}
