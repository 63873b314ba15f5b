import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { backgroundWorkSettled, markFirstPageShown } from '../app/first-page';
import { i18n, loadSignedInTexts } from '../app/i18n';
import { ASYNC_WAIT_MS } from './timing';

// The library's 1 s default fails good tests on a busy machine.
configure({ asyncUtilTimeout: ASYNC_WAIT_MS });
// Components are rendered alone, without the root layout that says the first page is shown.
markFirstPageShown();

beforeEach(async () => {
  window.localStorage.clear();
  await i18n.changeLanguage('en');
  // Components are tested without the routes that load these with their pages.
  await loadSignedInTexts();
});

afterEach(async () => {
  cleanup();
  // A chunk the page loaded ahead must not arrive after the test environment is gone.
  await backgroundWorkSettled();
  // A shell rendered by a test keeps the tab's socket open; its reconnect timer must not
  // outlive the test (it would fire after the environment is gone). Imported here, not at
  // the top, so that a test file's vi.mock applies to what the runtime imports.
  const { resetChatRuntime } = await import('../features/chat/realtime/chat-runtime');
  resetChatRuntime();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
