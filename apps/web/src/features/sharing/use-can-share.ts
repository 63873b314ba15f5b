import { useCurrentOrganization } from '../organizations';

/**
 * Whether the user may share conversations in the context they act in: an organization's
 * observers may not (architecture §7). False until the context is known, so an observer
 * never sees a share button flash.
 */
export function useCanShare(): boolean {
  const organization = useCurrentOrganization();
  return organization !== undefined && organization?.role !== 'OBSERVER';
}
