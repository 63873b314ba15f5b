import type { Organization } from '@themis/shared';
import { useGetCurrentOrganizationQuery } from './api';

/**
 * The organization the user acts in; null in the individual context, which is also where a
 * failed fetch (a network error) leaves the app (spec §4); undefined while it loads.
 */
export function useCurrentOrganization(): Organization | null | undefined {
  const { data, isError, isLoading } = useGetCurrentOrganizationQuery();
  if (isLoading) return undefined;
  if (isError || !data) return null;
  return data;
}
