import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors';
import { API_PREFIX } from '../runtime-config';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSP_REPORT_PATH = `${API_PREFIX}/csp-report`;
/** Webhooks come from other servers and prove themselves by a signature of the body. */
const WEBHOOKS_PATH = `${API_PREFIX}/billing/webhook/`;

function cspConnectSources(config: Config): string[] {
  const wsOrigin = `${config.publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${config.publicUrl.host}`;
  const sources = ["'self'", wsOrigin];
  if (config.sentryDsn) sources.push(new URL(config.sentryDsn).origin);
  if (config.stripe) sources.push(STRIPE_API);
  return sources;
}

// Stripe.js and its card fields (frames) on the payment page, only when Stripe is set up.
const STRIPE_JS = 'https://js.stripe.com';
const STRIPE_API = 'https://api.stripe.com';
const STRIPE_FRAMES = [STRIPE_JS, 'https://hooks.stripe.com'];

/**
 * Images only from where ours are: the built app's files, profile pictures and organization
 * logos (both GETs that change nothing). Not 'self':
 * an image of an answer pointing at another API path would be a same-origin request.
 */
function cspImageSources(config: Config): string[] {
  const origin = config.publicUrl.origin;
  return [
    'data:',
    'blob:',
    `${origin}/favicon.svg`,
    `${origin}/assets/`,
    `${origin}${API_PREFIX}/user/avatar/`,
    `${origin}${API_PREFIX}/organization/logo/`,
  ];
}

/** Security headers, a strict CSP that the built SPA passes, and a same-origin check. */
export async function registerSecurity(
  app: FastifyInstance,
  options: { config: Config; scriptHashes: string[] },
) {
  const { config } = options;
  const isHttps = config.publicUrl.protocol === 'https:';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...options.scriptHashes, ...(config.stripe ? [STRIPE_JS] : [])],
        frameSrc: config.stripe ? STRIPE_FRAMES : ["'none'"],
        // emotion (MUI) injects style elements at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: cspImageSources(config),
        fontSrc: ["'self'", 'data:'],
        connectSrc: cspConnectSources(config),
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        reportUri: [CSP_REPORT_PATH],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isHttps ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  const appOrigin = config.publicUrl.origin;
  // State-changing calls must come from our own pages. Clients that are not browsers send
  // no Origin and are not exposed to CSRF; browsers always send it on such calls.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (request.url.startsWith(CSP_REPORT_PATH) || request.url.startsWith(WEBHOOKS_PATH)) return;
    const origin = request.headers.origin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if ((origin !== undefined && origin !== appOrigin) || crossSite) {
      throw new AppError('origin_not_allowed', 403, `origin ${origin ?? '(cross-site)'} refused`);
    }
  });
}
