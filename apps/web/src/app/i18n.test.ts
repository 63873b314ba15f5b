import { LANGUAGE_STORAGE_KEY } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import { i18n, toLanguage } from './i18n';

describe('i18n', () => {
  it('keeps <html lang> in sync and remembers the choice', async () => {
    await i18n.changeLanguage('pl');
    expect(document.documentElement.lang).toBe('pl');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('pl');
    expect(document.cookie).toContain(`${LANGUAGE_STORAGE_KEY}=pl`);
    expect(i18n.t('nav.conversations')).toBe('Rozmowy');

    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('resolves regional variants and unsupported languages', async () => {
    await i18n.changeLanguage('pl-PL');
    expect(i18n.resolvedLanguage).toBe('pl');
    expect(document.documentElement.lang).toBe('pl');
    await i18n.changeLanguage('de');
    expect(i18n.resolvedLanguage).toBe('en');
    expect(toLanguage(undefined)).toBe('en');
  });

  it('uses the detection order and lookup key of the spec', () => {
    const detection = i18n.options.detection as { order: string[]; lookupQuerystring: string };
    expect(detection.order).toEqual([
      'querystring',
      'cookie',
      'localStorage',
      'sessionStorage',
      'navigator',
      'htmlTag',
    ]);
    expect(detection.lookupQuerystring).toBe('lang');
  });
});
