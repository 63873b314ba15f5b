import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createDevOutboxTransport } from './dev-outbox-transport';
import type { MailTransport } from './mail-transport';
import { createSmtpTransport } from './smtp-transport';

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
