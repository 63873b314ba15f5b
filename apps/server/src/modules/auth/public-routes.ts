import { API_PREFIX } from '../../runtime-config';

/**
 * The only API routes that answer without a session. Anything else under /api answers 401
 * to a caller who is not signed in (the route inventory test checks every route).
 */
const PUBLIC_ROUTES = new Set(
  [
    'GET /runtime-config',
    'GET /health',
    'GET /ready',
    // Not for users: loopback or the METRICS_TOKEN bearer (metrics-access.ts), a 404 otherwise.
    'GET /metrics',
    'GET /maintenance/status',
    'POST /csp-report',
    'GET /plan/list',
    'POST /auth/register',
    'POST /auth/activate',
    'POST /auth/activation/resend',
    'POST /auth/login',
    'POST /auth/login/confirm',
    'POST /auth/login/resend',
    'POST /auth/token/refresh',
    // Its answer says whether the caller is signed in (session.routes.ts).
    'GET /auth/session',
    'GET /auth/logout',
    'POST /auth/logout',
    'POST /auth/password-reset/request',
    'GET /auth/password-reset/verify/:token',
    'POST /auth/password-reset/confirm',
    'GET /auth/login/google',
    'GET /auth/callback/google',
    // Called by Stripe, which proves itself by the body's signature.
    'POST /billing/webhook/stripe',
  ].map((route) => route.replace(' ', ` ${API_PREFIX}`)),
);

/** API documentation (outside production): its UI and assets. */
const isDocs = (route: string) => route.startsWith(`GET ${API_PREFIX}/docs`);

export const isPublicRoute = (route: string) => PUBLIC_ROUTES.has(route) || isDocs(route);

export const publicRoutes = (): string[] => [...PUBLIC_ROUTES];
