import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SessionBootstrap } from '@themis/shared';
import { refreshSession } from './api';

/** The base query as an endpoint's queryFn is given it. */
type BaseQuery = (
  args: string | FetchArgs,
) => ReturnType<BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>>;

/**
 * GET /auth/session, renewed once when it says the session is renewable (a lapsed access
 * token): it never answers 401, so the base query's own renewal never runs for it.
 */
export async function askSessionBootstrap(
  baseQuery: BaseQuery,
  args: FetchArgs = { url: '/auth/session' },
): Promise<{ data: SessionBootstrap } | { error: FetchBaseQueryError }> {
  let result = await baseQuery(args);
  if (result.error) return { error: result.error };
  if ((result.data as SessionBootstrap).renewable && (await refreshSession()) === 'refreshed') {
    result = await baseQuery(args);
    if (result.error) return { error: result.error };
  }
  return { data: result.data as SessionBootstrap };
}
