import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { ZDevMailboxMessage, type DevMailboxMessage } from './dev-mailbox-message';
import { renderMailboxPage } from './dev-mailbox.page';
import { listOutboxMessages, type OutboxMessage } from './dev-mailbox.repo';

const DEV_MAILBOX_LIMIT = 50;

// The page's filter form sends `to=` when left empty: that means every recipient.
const ZMailboxQuery = z.object({
  to: z
    .string()
    .trim()
    .max(320)
    .optional()
    .transform((to) => to || undefined),
});

function presentOutboxMessage(message: OutboxMessage): DevMailboxMessage {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    created_at: message.createdAt.toISOString(),
  };
}

/**
 * The development outbox, for people (/dev/mailbox) and tests (/dev/mailbox.json). The
 * routes always exist so that, when disabled, they answer 404 rather than the SPA's page.
 */
export function devMailboxRoutes(options: { db: Database; enabled: boolean }) {
  const { db, enabled } = options;
  const list = async (to: string | undefined) => {
    const messages = await listOutboxMessages({ db, to, limit: DEV_MAILBOX_LIMIT });
    return messages.map(presentOutboxMessage);
  };
  return async (app: FastifyInstance) => {
    // Before validation, so a disabled mailbox answers 404 to any query.
    if (!enabled) {
      app.addHook('onRequest', async () => {
        throw notFound('dev mailbox');
      });
    }
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const schema = { hide: true, querystring: ZMailboxQuery };
    routes.get(
      '/dev/mailbox.json',
      { schema: { ...schema, response: { 200: z.array(ZDevMailboxMessage) } } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return list(request.query.to);
      },
    );
    routes.get('/dev/mailbox', { schema }, async (request, reply) => {
      const messages = await list(request.query.to);
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderMailboxPage({ messages, to: request.query.to, limit: DEV_MAILBOX_LIMIT }));
    });
  };
}
