import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { markFirstPageShown } from '../app/first-page';
import { i18n } from '../app/i18n';
import { ASYNC_WAIT_MS } from './timing';

// The library's 1 s default fails good tests on a busy machine.
configure({ asyncUtilTimeout: ASYNC_WAIT_MS });
// Components are rendered alone, without the root layout that says the first page is shown.
markFirstPageShown();

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
