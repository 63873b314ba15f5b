// What other modules use of this one: they import it from here, never its files.
export { listReceivedInvitations } from './received-invitations.service';
export {
  currentOrganizationName,
  findCurrentOrganization,
  listMyMemberships,
} from './organizations.service';
