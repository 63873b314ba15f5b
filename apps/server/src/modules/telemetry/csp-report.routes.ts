import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@themis/shared';
import { RateLimitedError } from '../../errors';
import { redactUrl } from '../../logger';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter';

const REPORT_BODY_LIMIT = 16 * 1024;
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

const ZLegacyReport = z.object({
  'csp-report': z
    .object({
      'document-uri': z.string().max(2048).optional(),
      'violated-directive': z.string().max(512).optional(),
      'effective-directive': z.string().max(512).optional(),
      'blocked-uri': z.string().max(2048).optional(),
    })
    .loose(),
});
const ZReportingApiReports = z
  .array(
    z
      .object({
        type: z.string().max(64),
        body: z
          .object({
            effectiveDirective: z.string().max(512).optional(),
            blockedURL: z.string().max(2048).optional(),
          })
          .loose(),
      })
      .loose(),
  )
  .max(50);
const ZCspReportBody = z.union([ZLegacyReport, ZReportingApiReports]);

/** A page that keeps breaking a rule sends a report each time; more than this is noise. */
export const CSP_REPORTS_PER_IP = { limit: 30, windowMs: 60_000 };

/**
 * Browsers post Content-Security-Policy violations here; they are logged for the operator,
 * at most CSP_REPORTS_PER_IP from one address, so nobody can flood the log through it.
 */
export const cspReportRoutes = (limiter: RateLimiter) => async (app: FastifyInstance) => {
  app.addContentTypeParser(
    REPORT_TYPES,
    { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/csp-report',
    {
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags: ['telemetry'],
        summary: 'Receive a Content-Security-Policy violation report',
        body: ZCspReportBody,
        response: {
          204: z.null().describe('Logged'),
          400: ZErrorResponse,
          413: ZErrorResponse,
          415: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const counted = await limiter.hit(`csp-report:ip:${request.ip}`, CSP_REPORTS_PER_IP);
      if (!counted.allowed) throw new RateLimitedError(counted.retryAfterS);
      const reports = Array.isArray(request.body)
        ? request.body.map((r) => ({
            directive: r.body.effectiveDirective,
            blocked: r.body.blockedURL,
          }))
        : [
            {
              directive:
                request.body['csp-report']['effective-directive'] ??
                request.body['csp-report']['violated-directive'],
              blocked: request.body['csp-report']['blocked-uri'],
            },
          ];
      for (const report of reports) {
        request.log.warn(
          { directive: report.directive, blocked: report.blocked && redactUrl(report.blocked) },
          'content security policy violation',
        );
      }
      return reply.status(204).send(null);
    },
  );
};
