import type { MaintenanceStatusResponse } from '@themis/shared';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { makeStore, type AppStore } from '../app/store';
import { ASYNC_WAIT_MS } from './timing';

export function renderWithProviders(ui: ReactElement, store: AppStore = makeStore()) {
  return { store, ...render(<AppProviders store={store}>{ui}</AppProviders>) };
}

export function maintenanceStatus(
  overrides: Partial<MaintenanceStatusResponse> = {},
): MaintenanceStatusResponse {
  return {
    is_during_maintenance: false,
    maintenance_start_time: null,
    maintenance_end_time: null,
    message: { en: '', pl: '' },
    ...overrides,
  };
}

/** Stubs the global fetch the API slice uses; `reply` decides per request. */
export function stubFetch(reply: (request: Request) => Response | Promise<Response>) {
  const fetchMock = vi.fn((input: RequestInfo, init?: RequestInit) =>
    Promise.resolve(reply(input instanceof Request ? input : new Request(input, init))),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * A server that answers only the maintenance status: `status()` to its own call, and to the
 * session bootstrap with no session (503 during maintenance, as the API does).
 */
export function stubMaintenanceServer(status: () => MaintenanceStatusResponse) {
  return stubFetch((request) => {
    const current = status();
    if (!new URL(request.url).pathname.endsWith('/auth/session')) return Response.json(current);
    return current.is_during_maintenance
      ? Response.json({ detail: 'service_under_maintenance' }, { status: 503 })
      : Response.json({ maintenance: current, session: null, renewable: false });
  });
}

/** The path a fetch was asked for. */
export const requestPath = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : String(input)).pathname;

/** The paths of the calls made so far, in order. */
export const calledPaths = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([input]) => requestPath(input));

/** The statuses' own calls among those made. */
export const maintenanceStatusCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  calledPaths(fetchMock).filter((path) => path.endsWith('/maintenance/status'));

/** The default wait (see timing.ts), for callers that name the chat page's lazy first load. */
export const CHAT_PAGE_WAIT = { timeout: ASYNC_WAIT_MS };
