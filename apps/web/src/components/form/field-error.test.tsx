import { renderHook } from '@testing-library/react';
import { tooLong } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { useFieldErrorText } from './field-error';

describe('field error texts', () => {
  it('gives the generic messages: required, invalid input, and too long with its number', async () => {
    const { result, rerender } = renderHook(() => useFieldErrorText());
    const text = (message: string) => result.current({ type: 'validate', message });
    expect(text('validation.required')).toBe('Required');
    // zod's own English, or a key nobody translated.
    expect(text('Expected string, received number')).toBe('Invalid input');
    expect(text('validation.noSuchMessage')).toBe('Invalid input');
    expect(text(tooLong(200))).toBe('String must contain at most 200 character(s)');
    await i18n.changeLanguage('pl');
    rerender();
    expect(text(tooLong(200))).toBe('Tekst może mieć najwyżej 200 znaków');
  });
});
