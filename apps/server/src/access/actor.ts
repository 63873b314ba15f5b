import type { OrganizationRole } from '@themis/shared';

export type { OrganizationRole };

/**
 * Who is acting. A signed-in person acts in one context at a time: their own
 * (`organizationId` null) or an organization's, where `role` is their membership's.
 */
export interface UserActor {
  kind: 'user';
  userId: string;
  sessionId: string;
  organizationId: string | null;
  role: OrganizationRole | null;
  /** The models the context allows; null allows every listed model. */
  allowedModels: readonly string[] | null;
}

/** Visitors of a shared link act as themselves: they read its copy, never the conversation. */
export type Actor = UserActor;

/** The rows a user actor's lists and new records belong to. */
export interface Scope {
  userId: string;
  organizationId: string | null;
}

export function individualActor(session: { userId: string; sessionId: string }): UserActor {
  return { kind: 'user', ...session, organizationId: null, role: null, allowedModels: null };
}

export function organizationActor(context: {
  userId: string;
  sessionId: string;
  organizationId: string;
  role: OrganizationRole;
  allowedModels: readonly string[] | null;
}): UserActor {
  return { kind: 'user', ...context };
}
