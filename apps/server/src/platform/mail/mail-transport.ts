import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createDevOutboxTransport } from './dev-outbox-transport';
import { createSmtpTransport } from './smtp-transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivers one message; a rejection means it was not delivered and may be tried again. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-outbox';
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set, otherwise the development outbox table. */
export function createMailTransport(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: Database,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  return config.smtpUrl
    ? createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom })
    : createDevOutboxTransport({ db, log });
}
