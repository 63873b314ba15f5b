// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules).
export { useListReceivedInvitationsQuery } from './api';
export { OrganizationMenu } from './components/OrganizationMenu';
export { onContextChanged } from './context';
export { useCurrentOrganization } from './use-current-organization';
