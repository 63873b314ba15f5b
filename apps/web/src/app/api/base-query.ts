import {
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { REFRESH_RETRIES, apiBaseUrl, type RuntimeConfig } from '@themis/shared';
import { logEvent, loggableUrl } from '../log';
import { paths } from '../paths';
import { isSessionEnding } from '../session';

/** An API error; `retryAfterSeconds` comes from the Retry-After header (429, 503). */
type ApiError = FetchBaseQueryError & { retryAfterSeconds?: number };

interface SessionExtraOptions {
  /**
   * False when the caller handles a refused session itself (the access guards), so the
   * browser is not sent to login behind its back.
   */
  loginRedirect?: boolean;
}

export type ApiBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiError,
  SessionExtraOptions,
  FetchBaseQueryMeta
>;

type FetchFn = (input: RequestInfo, init?: RequestInit) => Promise<Response>;
export type RefreshOutcome = 'refreshed' | 'unauthorized' | 'failed';

export interface SessionBaseQueryOptions {
  config: RuntimeConfig;
  fetchFn?: FetchFn;
  /** Sends the browser elsewhere; replaced in tests. */
  redirect?: (url: string) => void;
  /** Path and query of the current page, carried to login as `from`. */
  currentPath?: () => string;
  report: (error: unknown, context?: Record<string, unknown>) => unknown;
}

/**
 * The login page that comes back to `from`; without it while the session is being ended on
 * purpose (logging out, deleting the account), which has nothing to come back to.
 */
export function loginRedirectUrl(from: string): string {
  if (isSessionEnding()) return paths.login;
  return `${paths.login}?from=${encodeURIComponent(from)}`;
}

/** Seconds to wait from a Retry-After header (delay in seconds or an HTTP date). */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : undefined;
}

function describeRequest(input: RequestInfo, init?: RequestInit): string {
  const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
  const url = input instanceof Request ? input.url : String(input);
  return `${method} ${loggableUrl(url)}`;
}

/** Records every request and its outcome in the recent log attached to error reports. */
function withLogging(fetchFn: FetchFn): FetchFn {
  return async (input, init) => {
    const label = describeRequest(input, init);
    logEvent('info', `request ${label}`);
    try {
      const response = await fetchFn(input, init);
      logEvent(response.ok ? 'info' : 'warn', `response ${response.status} ${label}`);
      return response;
    } catch (error) {
      logEvent('error', `failed ${label} ${error instanceof Error ? error.name : 'error'}`);
      throw error;
    }
  };
}

/**
 * The single API base query: JSON over fetch with credentials, plus the session flow of
 * spec §4 (a 401 triggers one shared token refresh, then the call is repeated once).
 */
export function createSessionBaseQuery({
  config,
  fetchFn = (input, init) => fetch(input, init),
  redirect = (url) => window.location.assign(url),
  currentPath = () => window.location.pathname + window.location.search,
  report,
}: SessionBaseQueryOptions): ApiBaseQuery & { refreshSession(): Promise<RefreshOutcome> } {
  const loggedFetch = withLogging(fetchFn);
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: apiBaseUrl(config),
    credentials: 'include',
    mode: 'cors',
    fetchFn: loggedFetch,
  });

  async function refreshOnce(): Promise<RefreshOutcome> {
    let lastError: unknown;
    for (let attempt = 0; attempt <= REFRESH_RETRIES; attempt += 1) {
      try {
        const response = await loggedFetch(config.tokenRefreshUrl, {
          method: 'POST',
          credentials: 'include',
        });
        if (response.ok) return 'refreshed';
        if (response.status === 401) return 'unauthorized';
        lastError = new Error(`Token refresh answered ${response.status}`);
      } catch (error) {
        lastError = error;
      }
    }
    logEvent('error', 'token refresh failed');
    report(lastError, { during: 'token refresh' });
    return 'failed';
  }

  // Concurrent 401s wait for the refresh already in flight instead of starting another.
  let refreshInFlight: Promise<RefreshOutcome> | undefined;
  function refreshSession(): Promise<RefreshOutcome> {
    refreshInFlight ??= refreshOnce().finally(() => {
      refreshInFlight = undefined;
    });
    return refreshInFlight;
  }

  // Once the browser is on its way to login, concurrent calls need not send it again.
  let redirecting = false;

  async function query(args: string | FetchArgs, api: BaseQueryApi, options: SessionExtraOptions) {
    const result = await rawBaseQuery(args, api, {});
    if (result.error?.status !== 401) return result;
    const outcome = await refreshSession();
    if (outcome === 'refreshed') return rawBaseQuery(args, api, {});
    if (outcome === 'unauthorized' && options.loginRedirect !== false && !redirecting) {
      redirecting = true;
      redirect(loginRedirectUrl(currentPath()));
    }
    return result;
  }

  const baseQuery: ApiBaseQuery = async (args, api, extraOptions = {}) => {
    const result = await query(args, api, extraOptions);
    const retryAfterSeconds = parseRetryAfter(result.meta?.response?.headers.get('Retry-After'));
    if (!result.error || retryAfterSeconds === undefined) return result;
    return { ...result, error: { ...result.error, retryAfterSeconds } };
  };
  // The WebSocket refreshes through the same shared refresh as the API calls.
  return Object.assign(baseQuery, { refreshSession });
}
