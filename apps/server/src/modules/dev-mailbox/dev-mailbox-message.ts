import { z } from 'zod';

/** A message of the development outbox, as its page and its JSON list show it. */
export const ZDevMailboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type DevMailboxMessage = z.infer<typeof ZDevMailboxMessage>;
