import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGE_STORAGE_KEY, ZErrorResponse } from '@themis/shared';
import { AppError, notFound } from '../../errors';
import type { AppContext } from '../../app-context';
import {
  clearProviderStateCookie,
  DEVICE_COOKIE,
  PROVIDER_STATE_COOKIE,
  setProviderStateCookie,
  setSessionCookies,
} from './auth.cookies';
import { originOf } from './auth.routes';
import {
  completeGoogleSignIn,
  createGoogleClient,
  GOOGLE_CALLBACK_PATH,
  GOOGLE_STATE_TTL_S,
  startGoogleSignIn,
} from './google.service';

/** The web app's result pages; the browser is sent there, never shown JSON. */
const RESULT_PAGES = {
  success: '/auth/success',
  failure: '/auth/failure',
  cancel: '/auth/cancel',
} as const;

const ZCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

/** Sends the browser to the failure page; the reason is an error code the page explains. */
function redirectToFailure(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof AppError) {
    request.log[error.status >= 500 ? 'warn' : 'info'](
      { reason: error.code, cause: error.message },
      'google sign-in failed',
    );
  } else {
    request.log.error({ err: error }, 'google sign-in failed');
  }
  const reason = error instanceof AppError ? error.code : 'internal_error';
  return reply.redirect(`${RESULT_PAGES.failure}?reason=${reason}`, 303);
}

/** Google sign-in (OpenID Connect code flow with PKCE); 404 while GOOGLE_CLIENT_ID is unset. */
export function googleRoutes(ctx: AppContext) {
  const { config } = ctx;
  const google = createGoogleClient(ctx);
  const requireGoogle = () => {
    if (!google) throw notFound('google sign-in');
    return google;
  };

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    r.get(
      '/auth/login/google',
      {
        schema: {
          tags,
          summary: 'Start signing in with Google: 302 to Google, 303 to /auth/failure',
          querystring: z.object({ from: z.string().optional() }),
          response: { 404: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const client = requireGoogle();
        try {
          const started = await startGoogleSignIn({
            ctx,
            google: client,
            origin: originOf(request),
            from: request.query.from,
          });
          setProviderStateCookie(reply, config, {
            callbackPath: GOOGLE_CALLBACK_PATH,
            value: started.sealedState,
            maxAgeS: GOOGLE_STATE_TTL_S,
          });
          return reply.redirect(started.url, 302);
        } catch (error) {
          return redirectToFailure(request, reply, error);
        }
      },
    );

    r.get(
      '/auth/callback/google',
      {
        schema: {
          tags,
          summary: "Google's answer: 303 to /auth/success, /auth/cancel or /auth/failure",
          querystring: ZCallbackQuery,
          response: { 404: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const client = requireGoogle();
        const sealedState = request.cookies[PROVIDER_STATE_COOKIE];
        clearProviderStateCookie(reply, config, GOOGLE_CALLBACK_PATH);
        if (request.query.error === 'access_denied') {
          return reply.redirect(RESULT_PAGES.cancel, 303);
        }
        try {
          const { signedIn, from } = await completeGoogleSignIn({
            ctx,
            google: client,
            origin: originOf(request),
            search: new URL(request.url, config.publicUrl).search,
            sealedState,
            language: request.cookies[LANGUAGE_STORAGE_KEY],
            deviceToken: request.cookies[DEVICE_COOKIE],
          });
          setSessionCookies(reply, config, signedIn.tokens);
          const target = from
            ? `${RESULT_PAGES.success}?from=${encodeURIComponent(from)}`
            : RESULT_PAGES.success;
          return reply.redirect(target, 303);
        } catch (error) {
          return redirectToFailure(request, reply, error);
        }
      },
    );
  };
}
