import {
  priceOf,
  VAT_RATE_PERCENT,
  type AuthUser,
  type Plan,
  type UserResponse,
} from '@themis/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { maintenanceStatus, renderWithProviders, stubFetch } from './render';

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * A fake API server on the global fetch: handlers are keyed 'METHOD /path' (after /api,
 * the token refresh included); the maintenance status is fine and the user acts in their
 * own context unless a handler says otherwise, anything else is 404.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  return stubFetch((request) => {
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const key = `${request.method} ${path}`;
    const handler = handlers[key];
    if (!handler && key === 'GET /maintenance/status') return Response.json(maintenanceStatus());
    if (!handler && key === 'GET /auth/session') return sessionBootstrap(handlers, request);
    if (!handler && key === 'GET /organization/get-current') return individualContext();
    return handler ? handler(request) : Response.json({ detail: 'not_found' }, { status: 404 });
  });
}

const individualContext = () =>
  Response.json({ detail: 'no_current_organization' }, { status: 400 });

/**
 * GET /auth/session as the server would answer it from the other handlers: the maintenance
 * status (its failure is the bootstrap's), and unless the session check answers 401 (no
 * session) or fails (its failure is the bootstrap's), the user, usage, models, current
 * organization, memberships and received invitations.
 */
async function sessionBootstrap(handlers: Record<string, Handler>, request: Request) {
  const answer = async (key: string) => {
    const handler = handlers[key];
    const response = handler ? await handler(request) : undefined;
    return response?.ok ? { body: (await response.json()) as unknown } : { response };
  };
  const maintenance = handlers['GET /maintenance/status']
    ? await answer('GET /maintenance/status')
    : { body: maintenanceStatus() };
  if (!('body' in maintenance)) return maintenance.response!;
  const check = await answer('GET /auth/verify');
  if (!('body' in check)) {
    if (!check.response || check.response.status === 401) {
      return Response.json({ maintenance: maintenance.body, session: null, renewable: false });
    }
    return check.response;
  }
  const [user, usage, models, organization, memberships, invitations] = await Promise.all([
    answer('GET /user/get'),
    answer('GET /usage/current'),
    answer('GET /model/list'),
    answer('GET /organization/get-current'),
    answer('GET /organization/membership/user-list'),
    answer('GET /organization/invitation/list'),
  ]);
  return Response.json({
    maintenance: maintenance.body,
    session: {
      user: 'body' in user ? user.body : userResponse(check.body as Partial<UserResponse>),
      usage:
        'body' in usage ? usage.body : { month: '2026-11', used_tokens: 0, limit_tokens: 100_000 },
      models: 'body' in models ? models.body : [],
      // The individual context (get-current's 400) is null.
      organization: 'body' in organization ? organization.body : null,
      memberships: 'body' in memberships ? memberships.body : [],
      invitations: 'body' in invitations ? invitations.body : [],
    },
    renewable: false,
  });
}

function sentRequests(fetchMock: ReturnType<typeof fakeApi>, key: string): Request[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls
    .map(([input, init]) => (input instanceof Request ? input : new Request(input, init)))
    .filter(
      (request) => request.method === method && new URL(request.url).pathname === `/api${path}`,
    );
}

/** The JSON bodies sent to one endpoint, in order. */
export async function sentBodies(fetchMock: ReturnType<typeof fakeApi>, key: string) {
  return Promise.all(
    sentRequests(fetchMock, key).map((request) => request.clone().json() as Promise<unknown>),
  );
}

/** The multipart forms sent to one endpoint, in order: text fields as strings, files as File. */
export async function sentForms(fetchMock: ReturnType<typeof fakeApi>, key: string) {
  return Promise.all(
    sentRequests(fetchMock, key).map(async (request) =>
      Object.fromEntries((await request.clone().formData()).entries()),
    ),
  );
}

export const json = (body: unknown, status = 200, headers?: HeadersInit) =>
  Response.json(body, { status, headers });

export const detail = (code: string, status = 400, headers?: HeadersInit) =>
  json({ detail: code }, status, headers);

/** A session whose user has set their details: the check and the user. */
export const signedIn: Record<string, Handler> = {
  'GET /auth/verify': () => json(authUser()),
  'GET /user/get': () => json(userResponse()),
};

/** No session: the check and the token refresh both answer 401. */
export const signedOut: Record<string, Handler> = {
  'GET /auth/verify': () => detail('unauthorized', 401),
  'POST /auth/token/refresh': () => detail('unauthorized', 401),
};

export function authUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return { pk: 'u1', email: 'anna@example.com', has_personal_info_set: true, ...overrides };
}

export function userResponse(overrides: Partial<UserResponse> = {}): UserResponse {
  return {
    pk: 'u1',
    name: 'Anna',
    surname: 'Kowalska',
    email: 'anna@example.com',
    avatar_url: null,
    phone_prefix: null,
    phone_number: null,
    has_personal_info_set: true,
    has_password: true,
    user_type: 'EXTERNAL',
    language: 'en',
    customer: { plan: { product_name: 'Free', pk: 'plan-free', is_free: true } },
    encryption: {
      is_encryption_enabled: false,
      is_encryption_key_set: false,
      encryption_key_type: null,
      is_decryption_unlocked: false,
      conversations_pending: null,
    },
    ...overrides,
  };
}

/** A plan; its gross prices follow from the net ones given, as the server adds the VAT. */
export function plan(overrides: Partial<Plan> & Pick<Plan, 'pk' | 'code'>): Plan {
  const monthly = overrides.price_monthly_cents ?? 0;
  const yearly = overrides.price_yearly_cents ?? 0;
  return {
    product_name: overrides.code,
    scope: 'individual',
    monthly_token_limit: 100_000,
    has_encryption: false,
    price_monthly_cents: monthly,
    price_yearly_cents: yearly,
    prices: { monthly: priceOf(monthly), yearly: priceOf(yearly) },
    vat_rate_percent: VAT_RATE_PERCENT,
    currency: 'PLN',
    is_free: monthly === 0 && yearly === 0,
    ...overrides,
  };
}

/** The whole app's routes in memory, starting at `path`. */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
}
