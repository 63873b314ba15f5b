import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_URL } from './env';

const run = promisify(execFile);

/** Runs the operator command against the server under test, as an operator would. */
export async function operator(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['apps/server/dist/cli.js', ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
  });
  return stdout;
}

/**
 * Waits until nothing moves on the page (a dialog fading in, a toast sliding in; endless
 * spinners aside), so the accessibility check and screenshots see the final colours.
 */
async function untilStill(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Fails on any WCAG 2 A/AA violation of the current screen, and on axe's best-practice
 * findings (headings, landmarks, names), once it has settled.
 */
export async function expectAccessible(page: Page, label: string) {
  await untilStill(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe findings on ${label}`).toEqual([]);
}

/**
 * What a page may log: tests that provoke a refusal on purpose name the browser's line for
 * the failed response they expect.
 */
export interface ConsoleRules {
  allow(pattern: RegExp): void;
}

/**
 * Every test fails if a page logs an error or a warning to the console, sends a
 * Content-Security-Policy report, or throws an uncaught error.
 */
export const test = base.extend<{ pageProblems: ConsoleRules }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        // The stand-in identity provider's own pages are not ours to keep quiet.
        if (new URL(page.url()).origin !== new URL(E2E_URL).origin) return;
        const line = `${message.type()}: ${message.text()} (${message.location().url})`;
        if (!allowed.some((pattern) => pattern.test(line))) problems.push(line);
      });
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/csp-report') {
          problems.push(`CSP report: ${request.postData() ?? ''}`);
        }
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'console errors or warnings, CSP reports or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
