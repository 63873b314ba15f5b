import type { ModelInfo } from '@themis/shared';
import type { LlmGateway, LlmModel } from '../../platform/llm/llm';

export function presentModel(model: LlmModel): ModelInfo {
  return {
    id: model.id,
    provider: model.provider,
    model: model.model,
    display_name: model.display_name,
    vision: model.vision,
    context_window: model.context_window,
    is_demo: model.is_demo,
  };
}

/** The models a signed-in person may chat with. */
export async function listAvailableModels(options: { llm: LlmGateway }): Promise<ModelInfo[]> {
  const models = await options.llm.listModels();
  return models.map(presentModel);
}
