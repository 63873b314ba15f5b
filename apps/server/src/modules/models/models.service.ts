import type { ModelInfo } from '@themis/shared';
import { requireContextAccess } from '../../access/access';
import { mayUseModel } from '../../access/policies';
import type { UserActor } from '../../access/actor';
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

/** The models the actor may chat with in their context. */
export async function listAvailableModels(options: {
  llm: LlmGateway;
  actor: UserActor;
}): Promise<ModelInfo[]> {
  const { actor } = options;
  requireContextAccess({ actor, action: 'model.list' });
  const models = await options.llm.listModels();
  return models.filter((model) => mayUseModel(actor, model.id)).map(presentModel);
}
