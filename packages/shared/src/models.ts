import { z } from 'zod';

/** Context window assumed when a model's own is not known. */
export const DEFAULT_CONTEXT_WINDOW = 128000;

export const MODEL_PROVIDERS = ['openai', 'anthropic', 'ollama', 'demo'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export const ZModelInfo = z
  .object({
    /** `<provider>:<model>`, e.g. `openai:gpt-4o`; what a chat message names. */
    id: z.string(),
    provider: z.enum(MODEL_PROVIDERS),
    model: z.string(),
    display_name: z.string(),
    /** Whether images may be sent to it. */
    vision: z.boolean(),
    context_window: z.number().int().positive(),
    /** The offline demo model: answers without any provider, never a real answer. */
    is_demo: z.boolean(),
  })
  .meta({ id: 'ModelInfo' });
export type ModelInfo = z.infer<typeof ZModelInfo>;

export const ZModelList = z.array(ZModelInfo).meta({ id: 'ModelList' });
