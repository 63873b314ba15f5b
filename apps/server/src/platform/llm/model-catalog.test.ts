import { describe, expect, it } from 'vitest';
import {
  applyAllowList,
  describeModel,
  isOpenAiChatModel,
  isVisionModel,
  lookUpContextWindow,
  parseAllowList,
} from './model-catalog';

describe('model catalogue', () => {
  it('knows the vision families', () => {
    const vision = (provider: 'openai' | 'anthropic' | 'ollama', model: string) =>
      isVisionModel({ provider, model });
    expect(vision('openai', 'gpt-4o-mini')).toBe(true);
    expect(vision('openai', 'gpt-4.1')).toBe(true);
    expect(vision('openai', 'gpt-5')).toBe(true);
    expect(vision('openai', 'o3')).toBe(true);
    expect(vision('openai', 'o3-mini')).toBe(false);
    expect(vision('openai', 'gpt-3.5-turbo')).toBe(false);
    expect(vision('anthropic', 'claude-3-5-sonnet-latest')).toBe(true);
    expect(vision('anthropic', 'claude-sonnet-4-5')).toBe(true);
    expect(vision('ollama', 'llama3.2-vision:11b')).toBe(true);
    expect(vision('ollama', 'qwen2.5vl:7b')).toBe(true);
    expect(vision('ollama', 'llama3.2:3b')).toBe(false);
  });

  it('looks up the context window by the longest prefix, 128000 otherwise', () => {
    expect(lookUpContextWindow('gpt-4.1-mini')).toBe(1_047_576);
    expect(lookUpContextWindow('claude-opus-4-1')).toBe(200_000);
    expect(lookUpContextWindow('mistral:7b')).toBe(128_000);
  });

  it('keeps only chat models of the official OpenAI listing', () => {
    expect(['gpt-4o', 'o1', 'chatgpt-4o-latest', 'o4-mini'].every(isOpenAiChatModel)).toBe(true);
    expect(
      ['dall-e-3', 'gpt-4o-realtime-preview', 'text-embedding-3-small', 'whisper-1'].some(
        isOpenAiChatModel,
      ),
    ).toBe(false);
  });

  it('parses MODELS, reporting entries without a provider', () => {
    expect(parseAllowList(undefined)).toEqual({ allowed: undefined, invalid: [] });
    expect(
      parseAllowList(' openai:gpt-4o=GPT-4o , demo:themis-demo,,bad=Bad, ollama:llama3:8b='),
    ).toEqual({
      allowed: [
        { id: 'openai:gpt-4o', displayName: 'GPT-4o' },
        { id: 'demo:themis-demo', displayName: undefined },
        { id: 'ollama:llama3:8b', displayName: undefined },
      ],
      invalid: ['bad=Bad'],
    });
  });

  it('applies the allow-list in its order and renames', () => {
    const models = ['gpt-4o', 'o3'].map((model) => describeModel({ provider: 'openai', model }));
    const allowed = [
      { id: 'openai:o3', displayName: 'Reasoning' },
      { id: 'openai:absent', displayName: undefined },
      { id: 'openai:gpt-4o', displayName: undefined },
    ];
    expect(applyAllowList({ models, allowed }).map((m) => [m.id, m.display_name])).toEqual([
      ['openai:o3', 'Reasoning'],
      ['openai:gpt-4o', 'gpt-4o'],
    ]);
    expect(applyAllowList({ models, allowed: undefined })).toBe(models);
  });
});
