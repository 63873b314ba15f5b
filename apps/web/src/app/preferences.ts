import { createSlice } from '@reduxjs/toolkit';
import {
  DEFAULT_THEME,
  FONT_SIZE,
  FONT_SIZE_STORAGE_KEY,
  THEMES,
  THEME_STORAGE_KEY,
  type ThemeMode,
} from '@themis/shared';

export interface PreferencesState {
  themeMode: ThemeMode;
  /** Root font size in percent. */
  fontSize: number;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function parseThemeMode(value: string | null): ThemeMode {
  return THEMES.find((mode) => mode === value) ?? DEFAULT_THEME;
}

export function parseFontSize(value: string | null): number {
  const size = Number(value);
  const valid =
    value !== null &&
    Number.isInteger(size) &&
    size >= FONT_SIZE.min &&
    size <= FONT_SIZE.max &&
    (size - FONT_SIZE.min) % FONT_SIZE.step === 0;
  return valid ? size : FONT_SIZE.default;
}

export function loadPreferences(): PreferencesState {
  return {
    themeMode: parseThemeMode(readStorage(THEME_STORAGE_KEY)),
    fontSize: parseFontSize(readStorage(FONT_SIZE_STORAGE_KEY)),
  };
}

export function savePreferences({ themeMode, fontSize }: PreferencesState): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, themeMode);
    window.localStorage.setItem(FONT_SIZE_STORAGE_KEY, String(fontSize));
  } catch {
    // Storage may be unavailable (private mode); the preference then lasts for this page only.
  }
}

export const preferencesSlice = createSlice({
  name: 'preferences',
  initialState: loadPreferences,
  reducers: {
    toggleThemeMode(state) {
      state.themeMode = state.themeMode === 'light' ? 'dark' : 'light';
    },
    increaseFontSize(state) {
      state.fontSize = Math.min(FONT_SIZE.max, state.fontSize + FONT_SIZE.step);
    },
    decreaseFontSize(state) {
      state.fontSize = Math.max(FONT_SIZE.min, state.fontSize - FONT_SIZE.step);
    },
  },
});

export const { toggleThemeMode, increaseFontSize, decreaseFontSize } = preferencesSlice.actions;
