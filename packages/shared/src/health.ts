import { z } from 'zod';

export const ZHealthResponse = z.object({ status: z.literal('ok') }).meta({ id: 'Health' });
export const ZReadyResponse = z
  .object({ status: z.literal('ready'), database: z.literal('ok') })
  .meta({ id: 'Ready' });
export type HealthResponse = z.infer<typeof ZHealthResponse>;
export type ReadyResponse = z.infer<typeof ZReadyResponse>;
