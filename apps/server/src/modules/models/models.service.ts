import type { ModelInfo } from '@themis/shared';
import { requireContextAccess, requireOrganizationAccess } from '../../access/access';
import { mayUseModel } from '../../access/policies';
import type { UserActor } from '../../access/actor';
import type { Database } from '../../db/client';
import type { LlmGateway, LlmModel } from '../../platform/llm/llm';

function presentModel(model: LlmModel): ModelInfo {
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

/**
 * Every model the server offers, for the managers choosing an organization's allowed models
 * (their own list is already narrowed by that choice).
 */
export async function listModelChoices(options: {
  db: Database;
  llm: LlmGateway;
  actor: UserActor;
  organizationId: string;
}): Promise<ModelInfo[]> {
  await requireOrganizationAccess({
    db: options.db,
    actor: options.actor,
    action: 'update',
    organizationId: options.organizationId,
  });
  return (await options.llm.listModels()).map(presentModel);
}
