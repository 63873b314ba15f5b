import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { i18n } from '../app/i18n';
import { ASYNC_WAIT_MS } from './timing';

// The library's 1 s default fails good tests on a busy machine.
configure({ asyncUtilTimeout: ASYNC_WAIT_MS });

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
