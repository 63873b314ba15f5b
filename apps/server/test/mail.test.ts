import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { devOutbox, jobs } from '../src/db/schema';
import { createJobWorker } from '../src/platform/jobs/job-worker';
import { MAIL_SEND_JOB, mailJobHandlers } from '../src/platform/mail/mail-queue';
import { createSmtpTransport } from '../src/platform/mail/smtp-transport';
import { createTestApp, type TestApp } from './app';
import {
  closedPortUrl,
  startSilentServer,
  startSmtpServer,
  type TestSmtpServer,
} from './smtp-test-server';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url }, startWorker: false });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
beforeEach(async () => {
  smtp.received.length = 0;
  await t.database.db.delete(jobs);
});

const queuedJobs = (app: TestApp) =>
  app.database.db
    .select({
      id: jobs.id,
      type: jobs.type,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      failedAt: jobs.failedAt,
      secondsUntilRun: sql<number>`extract(epoch from ${jobs.runAt} - now())::float8`,
    })
    .from(jobs);

const makeAllDue = (app: TestApp) => app.database.db.update(jobs).set({ runAt: sql`now()` });

describe('e-mail over SMTP through the job queue', () => {
  it('delivers a code e-mail in Polish and one in English, rendered when queued', async () => {
    await t.app.mail.queue({
      to: 'anna@example.com',
      language: 'pl',
      template: { kind: 'verification_code', purpose: 'USER_ACTIVATION', code: '123456' },
    });
    await t.app.mail.queue({
      to: 'bob@example.com',
      language: 'en',
      template: { kind: 'verification_code', purpose: 'USER_AUTHENTICATION', code: '654321' },
    });
    expect(smtp.received, 'queueing sends nothing by itself').toHaveLength(0);
    expect(await queuedJobs(t)).toEqual([
      expect.objectContaining({ type: MAIL_SEND_JOB, attempts: 0 }),
      expect.objectContaining({ type: MAIL_SEND_JOB, attempts: 0 }),
    ]);

    await t.app.jobs.runDueJobs();
    expect(smtp.received).toHaveLength(2);
    const byRecipient = Object.fromEntries(smtp.received.map((r) => [r.envelopeTo[0], r.mail]));

    const pl = byRecipient['anna@example.com']!;
    expect(pl.from?.value).toEqual([{ name: 'Themis', address: 'no-reply@localhost' }]);
    expect(pl.to).toMatchObject({ text: 'anna@example.com' });
    expect(pl.subject).toBe('Kod aktywacji konta w Themis');
    expect(pl.text).toContain('123456');
    expect(pl.text).toContain('aktywować swoje konto');
    expect(pl.text).toContain('Kod jest ważny przez 15 minut.');
    expect(pl.html).toContain('<html lang="pl">');
    expect(pl.html).toContain('123456');

    const en = byRecipient['bob@example.com']!;
    expect(en.subject).toBe('Your Themis sign-in code');
    expect(en.text).toContain('654321');
    expect(en.text).toContain('The code is valid for 15 minutes.');
    expect(en.html).toContain('<html lang="en">');
    expect(en.html).toContain('654321');

    expect(await queuedJobs(t), 'delivered jobs leave the queue').toEqual([]);
    expect(await t.database.db.$count(devOutbox), 'SMTP replaces the dev outbox').toBe(0);
  });

  it('delivers a password reset link, escaped in the HTML', async () => {
    const link = 'http://localhost:5173/reset-password?token=abc&lang=pl';
    await t.app.mail.queue({
      to: 'reset@example.com',
      language: 'en',
      template: { kind: 'password_reset', link },
    });
    await t.app.jobs.runDueJobs();
    const [{ mail }] = smtp.received as [(typeof smtp.received)[0]];
    expect(mail.subject).toBe('Reset your Themis password');
    expect(mail.text).toContain(link);
    expect(mail.text).toContain('valid for one hour');
    expect(mail.html).toContain(
      'href="http://localhost:5173/reset-password?token=abc&amp;lang=pl"',
    );
  });

  it('retries when the SMTP server refuses the first delivery, then delivers', async () => {
    smtp.refuseRecipients(1);
    await t.app.mail.queue({
      to: 'retry@example.com',
      language: 'en',
      template: { kind: 'verification_code', purpose: 'USER_DELETE', code: '111222' },
    });
    await t.app.jobs.runDueJobs();
    expect(smtp.received).toHaveLength(0);
    const [job] = await queuedJobs(t);
    expect(job).toMatchObject({ attempts: 1, failedAt: null });
    expect(job!.lastError).toContain('450');
    expect(job!.lastError).not.toContain('111222');
    expect(job!.secondsUntilRun).toBeGreaterThan(9);

    expect(await t.app.jobs.runDueJobs(), 'not before its backoff').toBe(0);
    await makeAllDue(t);
    await t.app.jobs.runDueJobs();
    expect(smtp.received.map((r) => r.envelopeTo)).toEqual([['retry@example.com']]);
    expect(smtp.received[0]!.mail.text).toContain('111222');
    expect(await queuedJobs(t)).toEqual([]);
  });
});

/** A worker as another instance would run it, delivering to `url`. */
const workerDeliveringTo = (url: string) =>
  createJobWorker({
    db: t.database.db,
    handlers: mailJobHandlers(createSmtpTransport({ url, from: t.config.mailFrom })),
    log: t.app.log,
  });

describe('e-mail when the SMTP server is unreachable or hangs', () => {
  it('keeps the message queued with the attempt counted, and a later worker delivers it', async () => {
    await t.app.mail.queue({
      to: 'later@example.com',
      language: 'pl',
      template: { kind: 'verification_code', purpose: 'ORGANIZATION_DELETE', code: '909090' },
    });
    await workerDeliveringTo(await closedPortUrl()).runDueJobs();
    const [job] = await queuedJobs(t);
    expect(job).toMatchObject({ type: MAIL_SEND_JOB, attempts: 1, failedAt: null });
    expect(job!.lastError).toMatch(/ECONNREFUSED|connect/i);

    // As after a restart with a working server: the message was in the table all along.
    await makeAllDue(t);
    await t.app.jobs.runDueJobs();
    expect(smtp.received.map((r) => r.mail.subject)).toEqual([
      'Kod usunięcia organizacji w Themis',
    ]);
    expect(await queuedJobs(t)).toEqual([]);
  });

  it('queues at once while a delivery is stuck, and the stuck delivery fails into a retry', async () => {
    const silent = await startSilentServer();
    try {
      const mail = {
        to: 'patient@example.com',
        language: 'en',
        template: { kind: 'verification_code', purpose: 'USER_PASSWORD_CHANGE', code: '333444' },
      } as const;
      await t.app.mail.queue(mail);
      let delivered = false;
      const delivering = workerDeliveringTo(silent.url)
        .runDueJobs()
        .then(() => (delivered = true));
      await expect.poll(silent.connections).toBe(1);

      const started = Date.now();
      await t.app.mail.queue(mail);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(delivered, 'the first delivery still waits for the server').toBe(false);

      await silent.close();
      await delivering;
      const queued = await queuedJobs(t);
      expect(queued).toHaveLength(2);
      expect(queued.every((job) => job.attempts === 1 && job.failedAt === null)).toBe(true);
      expect(queued.every((job) => job.lastError)).toBe(true);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await silent.close();
    }
  });
});
