import type { ModelInfo } from '@themis/shared';
import { useState } from 'react';
import { useListModelsQuery } from './api';

const MODEL_STORAGE_KEY = 'themis.chat.model';

function stored(): string | null {
  try {
    return window.localStorage.getItem(MODEL_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The models offered and the one chosen, remembered in this browser. */
export function useModelChoice() {
  const { data: models = [], isLoading } = useListModelsQuery();
  const [chosenId, setChosenId] = useState(stored);
  // A remembered model that is no longer offered falls back to the first one offered.
  const model: ModelInfo | undefined =
    models.find((candidate) => candidate.id === chosenId) ?? models[0];

  function choose(id: string) {
    setChosenId(id);
    try {
      window.localStorage.setItem(MODEL_STORAGE_KEY, id);
    } catch {
      // Private modes may refuse storage; the choice then lasts for this page.
    }
  }

  return { models, model, choose, isLoading };
}
