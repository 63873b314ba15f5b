import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './env';

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

/** Fails on any WCAG 2 A/AA violation of the current screen, once it has settled. */
export async function expectAccessible(page: Page, label: string) {
  await untilStill(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Every test fails if the page hits a Content-Security-Policy violation or an uncaught error. */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (
          message.type() === 'error' &&
          /Content Security Policy|Refused to/i.test(message.text())
        ) {
          problems.push(message.text());
        }
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await use(problems);
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
