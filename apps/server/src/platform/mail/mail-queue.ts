import type { Language } from '@themis/shared';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob, type JobHandlers } from '../jobs/job-queue';
import type { MailMessage, MailTransport } from './mail-transport';
import { renderMail, type MailTemplate } from './templates';

export const MAIL_SEND_JOB = 'mail.send';

export interface QueuedMail {
  to: string;
  language: Language;
  template: MailTemplate;
}

const ZMailMessage = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/**
 * Queues an e-mail for delivery by the job worker, so a slow or failing mail server never
 * delays or fails the caller. It is rendered now, in the language asked for. `db` may be a
 * transaction: the e-mail is then sent only if that transaction commits.
 */
export async function queueMail(db: Database, mail: QueuedMail, contact: string): Promise<void> {
  const rendered = renderMail(mail.template, mail.language, contact);
  const message: MailMessage = { to: mail.to, ...rendered };
  await enqueueJob(db, { type: MAIL_SEND_JOB, payload: message });
}

export function mailJobHandlers(transport: MailTransport): JobHandlers {
  return {
    [MAIL_SEND_JOB]: async (payload) => {
      const message = ZMailMessage.safeParse(payload);
      // The error names no field value: the payload holds the recipient and a code.
      if (!message.success) throw new Error(`malformed ${MAIL_SEND_JOB} payload`);
      await transport.send(message.data);
    },
  };
}

/** E-mail as other modules see it (`app.mail`). */
export interface MailQueue {
  /** `db`: a transaction to queue within; the app's database by default. */
  queue(mail: QueuedMail, db?: Database): Promise<void>;
}

/** `contact`: the mailbox the e-mails tell people to write to. */
export function createMailQueue(appDb: Database, contact: string): MailQueue {
  return { queue: (mail, db = appDb) => queueMail(db, mail, contact) };
}
