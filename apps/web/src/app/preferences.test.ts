import { FONT_SIZE, FONT_SIZE_STORAGE_KEY, THEME_STORAGE_KEY } from '@themis/shared';
import { describe, expect, it } from 'vitest';
import {
  decreaseFontSize,
  increaseFontSize,
  loadPreferences,
  parseFontSize,
  parseThemeMode,
  preferencesSlice,
  toggleThemeMode,
} from './preferences';

const { reducer } = preferencesSlice;

describe('preferences', () => {
  it('defaults to the light theme at 100 %', () => {
    expect(loadPreferences()).toEqual({ themeMode: 'light', fontSize: 100 });
  });

  it('reads stored values and ignores invalid ones', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    window.localStorage.setItem(FONT_SIZE_STORAGE_KEY, '120');
    expect(loadPreferences()).toEqual({ themeMode: 'dark', fontSize: 120 });
    expect(parseThemeMode('sepia')).toBe('light');
    for (const bad of ['75', '150', '105', 'big', null]) {
      expect(parseFontSize(bad)).toBe(FONT_SIZE.default);
    }
  });

  it('toggles the theme', () => {
    const dark = reducer({ themeMode: 'light', fontSize: 100 }, toggleThemeMode());
    expect(dark.themeMode).toBe('dark');
    expect(reducer(dark, toggleThemeMode()).themeMode).toBe('light');
  });

  it('steps the font size by 10 within 80-140', () => {
    expect(reducer({ themeMode: 'light', fontSize: 100 }, increaseFontSize()).fontSize).toBe(110);
    expect(reducer({ themeMode: 'light', fontSize: 140 }, increaseFontSize()).fontSize).toBe(140);
    expect(reducer({ themeMode: 'light', fontSize: 90 }, decreaseFontSize()).fontSize).toBe(80);
    expect(reducer({ themeMode: 'light', fontSize: 80 }, decreaseFontSize()).fontSize).toBe(80);
  });
});
