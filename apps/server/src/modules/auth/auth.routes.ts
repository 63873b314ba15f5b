import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAcceptedResponse,
  ZActivateRequest,
  ZAuthUser,
  ZEmailResponse,
  ZErrorResponse,
  ZLoginConfirmRequest,
  ZLoginRequest,
  ZLoginResendRequest,
  ZLoginResponse,
  ZOkResponse,
  ZPasswordResetConfirmRequest,
  ZPasswordResetRequest,
  ZRegisterRequest,
  ZResendActivationRequest,
} from '@themis/shared';
import { AppError } from '../../errors';
import { isSafeReturnPath } from './return-path';
import type { AppContext } from '../../app-context';
import type { RequestOrigin } from './auth.context';
import {
  clearSessionCookies,
  DEVICE_COOKIE,
  REFRESH_COOKIE,
  setDeviceCookie,
  setSessionCookies,
} from './auth.cookies';
import { requireUserRow } from '../../repos/users.repo';
import { requireActor } from './auth.guard';
import {
  activateUser,
  confirmLogin,
  login,
  presentAuthUser,
  registerUser,
  resendActivationCode,
  resendLoginCode,
  type SignedIn,
} from './auth.service';
import {
  confirmPasswordReset,
  requestPasswordReset,
  verifyPasswordResetToken,
} from './password-reset.service';
import { revokeSession, rotateRefreshToken } from './session.service';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  429: ZErrorResponse,
};
const ZAuthenticated = z.object({ status: z.literal('authenticated'), user: ZAuthUser });

/**
 * Terms not accepted, when nothing else is wrong, answers its own code; with other fields
 * wrong too, the field errors, the terms among them.
 */
function registrationRefusal(error: Error & { validation?: { instancePath?: string }[] }) {
  const onlyTerms = error.validation?.every((issue) => issue.instancePath === '/terms_accepted');
  return onlyTerms ? new AppError('terms_not_accepted', 400) : error;
}

/**
 * A top-level navigation of the app's own pages (or a caller without Fetch Metadata, which no
 * other site can make a browser be): not an image, a frame or another site's link.
 */
function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  const dest = request.headers['sec-fetch-dest'];
  if (site === undefined && dest === undefined) return true;
  return (site === 'same-origin' || site === 'none') && dest === 'document';
}

export const originOf = (request: FastifyRequest): RequestOrigin => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * The least time a registration takes to answer. A new address is written (user, code, mail)
 * where a known one is not, a few milliseconds apart; both answer at this time instead, well
 * after either is done (bench/account-timing.mjs measures it).
 */
const REGISTER_ANSWER_FLOOR_MS = 100;

export function authRoutes(ctx: AppContext, options: { registerFloorMs?: number } = {}) {
  const { config } = ctx;
  const registerFloorMs = options.registerFloorMs ?? REGISTER_ANSWER_FLOOR_MS;
  const completeSignIn = (reply: FastifyReply, signedIn: SignedIn) => {
    setSessionCookies(reply, config, signedIn.tokens);
    if (signedIn.deviceToken) setDeviceCookie(reply, config, signedIn.deviceToken);
    return { status: 'authenticated' as const, user: signedIn.user };
  };

  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const tags = ['auth'];

    r.post(
      '/auth/register',
      {
        schema: {
          tags,
          summary: 'Create an account; the activation code is e-mailed',
          body: ZRegisterRequest,
          response: { 201: ZEmailResponse, ...errors },
        },
        attachValidation: true,
      },
      async (request, reply) => {
        if (request.validationError) throw registrationRefusal(request.validationError);
        const answerAt = performance.now() + registerFloorMs;
        const result = await registerUser({ ctx, origin: originOf(request), data: request.body });
        const early = answerAt - performance.now();
        if (early > 0) await new Promise((resolve) => setTimeout(resolve, early));
        return reply.status(201).send(result);
      },
    );

    r.post(
      '/auth/activate',
      {
        schema: {
          tags,
          summary: 'Activate with the e-mailed code, signing in',
          body: ZActivateRequest,
          response: { 200: ZAuthenticated, ...errors },
        },
      },
      async (request, reply) =>
        completeSignIn(
          reply,
          await activateUser({ ctx, origin: originOf(request), data: request.body }),
        ),
    );

    r.post(
      '/auth/activation/resend',
      {
        schema: {
          tags,
          summary: 'E-mail a new activation code',
          body: ZResendActivationRequest,
          response: { 202: ZAcceptedResponse, ...errors },
        },
      },
      async (request, reply) => {
        await resendActivationCode({
          ctx,
          origin: originOf(request),
          email: request.body.email,
          language: request.body.language,
        });
        return reply.status(202).send({ status: 'accepted' });
      },
    );

    r.post(
      '/auth/login',
      {
        schema: {
          tags,
          summary: 'Sign in with e-mail and password',
          body: ZLoginRequest,
          response: { 200: ZLoginResponse, ...errors },
        },
      },
      async (request, reply) => {
        const result = await login({
          ctx,
          origin: originOf(request),
          deviceToken: request.cookies[DEVICE_COOKIE],
          data: request.body,
        });
        if (result.signedIn) setSessionCookies(reply, config, result.signedIn.tokens);
        return result.response;
      },
    );

    r.post(
      '/auth/login/confirm',
      {
        schema: {
          tags,
          summary: 'Second sign-in step: the e-mailed code',
          body: ZLoginConfirmRequest,
          response: { 200: ZAuthenticated, ...errors },
        },
      },
      async (request, reply) =>
        completeSignIn(
          reply,
          await confirmLogin({ ctx, origin: originOf(request), data: request.body }),
        ),
    );

    r.post(
      '/auth/login/resend',
      {
        schema: {
          tags,
          summary: 'E-mail a new sign-in code',
          body: ZLoginResendRequest,
          response: { 202: ZAcceptedResponse, ...errors },
        },
      },
      async (request, reply) => {
        await resendLoginCode({
          ctx,
          origin: originOf(request),
          challengeToken: request.body.challenge_token,
        });
        return reply.status(202).send({ status: 'accepted' });
      },
    );

    r.get(
      '/auth/verify',
      {
        schema: {
          tags,
          summary: 'The signed-in user, or 401',
          response: { 200: ZAuthUser, 401: ZErrorResponse },
        },
      },
      async (request) => {
        return presentAuthUser(await requireUserRow(ctx.db, requireActor(request).userId));
      },
    );

    // A POST: a GET must not change state, and an image in a page could otherwise rotate tokens.
    r.post(
      '/auth/token/refresh',
      {
        schema: {
          tags,
          summary: 'Rotate the refresh token and renew the access cookie',
          response: { 200: ZOkResponse, 401: ZErrorResponse },
        },
      },
      async (request, reply) => {
        const refresh = request.cookies[REFRESH_COOKIE];
        if (!refresh) throw new AppError('unauthorized', 401, 'no refresh cookie');
        try {
          const tokens = await rotateRefreshToken({ ctx, refresh });
          if (tokens !== 'unchanged') setSessionCookies(reply, config, tokens);
        } catch (error) {
          clearSessionCookies(reply, config);
          throw error;
        }
        reply.header('cache-control', 'no-store');
        return { status: 'ok' as const };
      },
    );

    const logout = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await app.authenticate(request);
      } catch {
        // Already signed out: clearing the cookies is all there is to do.
      }
      if (request.actor) {
        await revokeSession({
          ctx,
          actor: request.actor,
          sessionId: request.actor.sessionId,
          reason: 'logout',
        });
      }
      clearSessionCookies(reply, config);
    };
    r.get(
      '/auth/logout',
      {
        schema: {
          tags,
          summary: 'Sign out this device and go to the login page',
          description:
            'Only a navigation from the app signs out; started by another site or loaded as an image (`Sec-Fetch-*`) it only goes to the app. With `from`, a path of this site, the login page goes on to it after signing in again.',
          querystring: z.object({ from: z.string().optional() }),
          response: { 303: z.null().describe('To the login page, or to the app') },
        },
      },
      async (request, reply) => {
        // A GET, so another site or an image in a page could start it: only the browser's
        // own navigation to it signs out.
        if (!isOwnNavigation(request)) {
          request.log.info('logout not from a navigation of the app: ignored');
          return reply.redirect('/', 303);
        }
        await logout(request, reply);
        const { from } = request.query;
        const login = isSafeReturnPath(from) ? `/login?${new URLSearchParams({ from })}` : '/login';
        return reply.redirect(login, 303);
      },
    );
    r.post(
      '/auth/logout',
      { schema: { tags, summary: 'Sign out this device', response: { 200: ZOkResponse } } },
      async (request, reply) => {
        await logout(request, reply);
        return { status: 'ok' as const };
      },
    );

    r.post(
      '/auth/password-reset/request',
      {
        schema: {
          tags,
          summary: 'E-mail a password reset link (same answer for any address)',
          body: ZPasswordResetRequest,
          response: { 202: ZAcceptedResponse, ...errors },
        },
      },
      async (request, reply) => {
        await requestPasswordReset({
          ctx,
          origin: originOf(request),
          email: request.body.email,
          language: request.body.language,
        });
        return reply.status(202).send({ status: 'accepted' });
      },
    );

    r.get(
      '/auth/password-reset/verify/:token',
      {
        schema: {
          tags,
          summary: 'Whether a reset link can still be used',
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await verifyPasswordResetToken({ ctx, token: request.params.token });
        return { status: 'ok' as const };
      },
    );

    r.post(
      '/auth/password-reset/confirm',
      {
        schema: {
          tags,
          summary: 'Set a new password; every session is signed out',
          body: ZPasswordResetConfirmRequest,
          response: { 200: ZOkResponse, ...errors },
        },
      },
      async (request) => {
        await confirmPasswordReset({ ctx, data: request.body });
        return { status: 'ok' as const };
      },
    );
  };
}
