import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redactUrl } from '../../logger';

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

/** Browsers post Content-Security-Policy violations here; they are logged for the operator. */
export async function cspReportRoutes(app: FastifyInstance) {
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
      },
    },
    async (request, reply) => {
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
      return reply.status(204).send();
    },
  );
}
