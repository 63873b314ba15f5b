import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export const ZErrorCode = z.enum(ERROR_CODES);
export const ZErrorResponse = z
  .object({
    detail: ZErrorCode,
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ZErrorResponse>;
