import { describe, expect, it } from 'vitest';
import { organizationUpdateForm } from './api';

describe('the organization update as form data', () => {
  it('sends only the fields given, the models as JSON and the switches as words', () => {
    const form = organizationUpdateForm(
      { allowed_models: ['openai:gpt-4o'], is_encryption_forced: true },
      { kind: 'unchanged' },
    );
    expect([...form.entries()]).toEqual([
      ['allowed_models', '["openai:gpt-4o"]'],
      ['is_encryption_forced', 'true'],
    ]);
  });

  it('allows every model with an empty value, and removes the logo with an empty avatar', () => {
    const form = organizationUpdateForm(
      { name: 'Kancelaria', allowed_models: null },
      {
        kind: 'removed',
      },
    );
    expect([...form.entries()]).toEqual([
      ['name', 'Kancelaria'],
      ['allowed_models', ''],
      ['avatar', ''],
    ]);
  });
});
