import type { ReceivedInvitation } from '@themis/shared';
import { paths } from '../../app/paths';

/**
 * The invitation a new account signed up for: the one its sign-up came from, else the newest
 * open one to its address. Its page comes after the personal details, instead of the plans.
 */
export function invitationAhead(
  invitations: ReceivedInvitation[] | undefined,
  destination: string | undefined,
): ReceivedInvitation | undefined {
  const open = (invitations ?? []).filter((invitation) => invitation.is_for_current_user);
  const wanted = destination?.startsWith(`${paths.organizationInvitation}?`)
    ? new URLSearchParams(destination.split('?')[1]).get('invitation_pk')
    : null;
  return open.find((invitation) => invitation.pk === wanted) ?? open[0];
}

export function invitationPath(invitation: ReceivedInvitation): string {
  const query = new URLSearchParams({
    invitation_type: invitation.invitation_type,
    invitation_pk: invitation.pk,
  });
  return `${paths.organizationInvitation}?${query.toString()}`;
}
