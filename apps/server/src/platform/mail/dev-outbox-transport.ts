import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { MailTransport } from './mail-transport';

/**
 * Development delivery: the message lands in the `dev_outbox` table, readable at
 * /dev/mailbox. The log names recipient and subject only, because bodies carry codes.
 */
export function createDevOutboxTransport(options: {
  db: Database;
  log: Pick<FastifyBaseLogger, 'info'>;
}): MailTransport {
  return {
    kind: 'dev-outbox',
    async send(message) {
      await options.db.insert(devOutbox).values(message);
      options.log.info(
        { to: message.to, subject: message.subject },
        'e-mail stored in the dev outbox (see /dev/mailbox)',
      );
    },
  };
}
