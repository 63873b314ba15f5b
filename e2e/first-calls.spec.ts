import type { Page } from '@playwright/test';
import { signUpThroughApi } from './accounts';
import { E2E_URL } from './env';
import { expect, test } from './fixtures';

// The API calls a page makes before it is usable: one bootstrap answers the maintenance
// status, the session, the user, the usage, the models and the organization menu together.

/** The paths of the API calls the page makes from now on. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

/** The file names of the scripts the page loads from now on. */
function scriptsLoaded(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') {
      scripts.push(new URL(request.url()).pathname.split('/').pop()!);
    }
  });
  return scripts;
}

/** The responses with an error status the page gets from now on. */
function failedResponses(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

test('a reload of a conversation makes three API calls', async ({ page }) => {
  await signUpThroughApi(page);
  await page.goto('/chat');
  await page.getByTestId('chat-input').fill('Can my landlord keep the deposit?');
  // The finished answer's chat.done makes the page ask for the usage anew.
  const answered = page.waitForResponse((response) =>
    response.url().includes('/api/usage/current'),
  );
  await page.getByTestId('chat-input').press('Enter');
  await expect(page).toHaveURL(/\/chat\/[^/]+$/);
  await answered;

  const calls = apiCalls(page);
  await page.reload();
  await expect(
    page.getByRole('article').filter({ hasText: /This is the Themis demo/ }),
  ).toBeVisible();
  await expect(page.getByTestId('chat-input')).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const conversationPk = new URL(page.url()).pathname.split('/').pop();
  const messages = `GET /api/conversation/messages/${conversationPk}`;
  // Three calls draw the conversation; the demo answer's cited sources are checked after it.
  const check = 'POST /api/legal-sources/check';
  await expect.poll(() => calls.filter((call) => call === check).length).toBe(1);
  expect(calls.filter((call) => call !== check).sort()).toEqual(
    ['GET /api/auth/session', 'GET /api/conversation/list', messages].sort(),
  );
  expect(calls.indexOf(check)).toBeGreaterThan(calls.indexOf(messages));
});

test('a visitor on the login page makes one API call, which answers without an error', async ({
  page,
}) => {
  const calls = apiCalls(page);
  const failed = failedResponses(page);
  await page.goto('/login');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual(['GET /api/auth/session']);
  expect(failed).toEqual([]);
});

test('a visitor, or a signed-out session, opening a chat is sent to login after one quiet check', async ({
  page,
}) => {
  const calls = apiCalls(page);
  const failed = failedResponses(page);
  const scripts = scriptsLoaded(page);
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login\?from=%2Fchat$/);
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual(['GET /api/auth/session']);
  // The guard's code, never the signed-in shell's or the chat's.
  expect(scripts).toContainEqual(expect.stringMatching(/^RequireAuth-/));
  expect(scripts.filter((name) => /^(AppShell|ChatPage)-/.test(name))).toEqual([]);

  // Signed out elsewhere: the cookies left here are dead, and cleared by the same check.
  await signUpThroughApi(page);
  const cookies = await page.context().cookies();
  const headers = { origin: E2E_URL };
  expect((await page.request.post('/api/auth/logout', { headers })).status()).toBeLessThan(300);
  await page.context().addCookies(cookies);
  calls.length = 0;
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/login\?from=%2Fchat$/);
  await page.waitForLoadState('networkidle');
  expect(calls).toEqual(['GET /api/auth/session']);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('refresh');
  expect(failed).toEqual([]);
});
