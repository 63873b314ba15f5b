import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { billingJobHandlers } from '../modules/billing/renewals.service';
import { encryptionJobHandlers } from '../modules/encryption/encryption-sync.service';
import { removedTextJobHandlers } from '../modules/encryption/removed-text.service';
import { organizationJobHandlers } from '../modules/organizations/organization-deletion.service';
import { sharingJobHandlers } from '../modules/sharing/sharing.service';
import type { ErrorReporter } from '../platform/error-reporting/error-reporter';
import { createJobWorker } from '../platform/jobs/job-worker';
import { mailJobHandlers } from '../platform/mail/mail-queue';
import type { MailTransport } from '../platform/mail/mail-transport';

/** The durable job queue's worker with every module's handlers; `start: false` leaves it to tests. */
export function registerJobWorker(
  app: FastifyInstance,
  options: {
    ctx: AppContext;
    mailTransport: MailTransport;
    errorReporter: ErrorReporter;
    start: boolean;
  },
): void {
  const { ctx, errorReporter } = options;
  const worker = createJobWorker({
    db: ctx.db,
    handlers: {
      ...mailJobHandlers(options.mailTransport),
      ...organizationJobHandlers(ctx),
      ...encryptionJobHandlers(ctx),
      ...removedTextJobHandlers(ctx.db),
      ...sharingJobHandlers(ctx),
      ...billingJobHandlers(ctx),
    },
    log: app.log,
    reportFailure: (failure) => errorReporter.capture(failure),
  });
  app.decorate('jobs', { runDueJobs: () => worker.runDueJobs() });
  if (options.start) {
    app.addHook('onReady', async () => worker.start());
    // Not onClose: those run last-registered first, so after the database has closed.
    app.addHook('preClose', () => worker.stop());
  }
}
