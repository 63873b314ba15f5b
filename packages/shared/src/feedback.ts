import { z } from 'zod';
import { DEFAULT_FEEDBACK_TYPE, FEEDBACK_MESSAGE_MAX, FEEDBACK_TYPES } from './rules';

export const ZFeedbackRequest = z
  .object({
    type: z.enum(FEEDBACK_TYPES).default(DEFAULT_FEEDBACK_TYPE),
    message: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .max(FEEDBACK_MESSAGE_MAX, 'validation.messageMax'),
  })
  .meta({ id: 'FeedbackRequest' });
export type FeedbackRequest = z.input<typeof ZFeedbackRequest>;
export type FeedbackData = z.output<typeof ZFeedbackRequest>;

export const ZFeedbackResponse = z.object({ pk: z.string() }).meta({ id: 'FeedbackResponse' });
