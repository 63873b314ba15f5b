import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { signUpThroughApi } from './accounts';
import { E2E_URL } from './env';
import { expect, test } from './fixtures';

// What the first pages load, held to the budget committed in bench/page-budgets.json: the
// JavaScript and CSS files fetched until the page's heading shows and until the network is
// idle, counted as the server sends them (its brotli copy where it has one).

interface Limits {
  max_kb: number;
  max_files?: number;
}
interface PageBudget {
  signed_in: boolean;
  to_render: Limits;
  once_idle: Limits;
  /** Every chunk the page may load, by name (its file name without the content hash). */
  chunks?: string[];
}

const ROOT = join(import.meta.dirname, '..');
const BUDGETS = (
  JSON.parse(readFileSync(join(ROOT, 'bench', 'page-budgets.json'), 'utf8')) as {
    pages: Record<string, PageBudget>;
  }
).pages;

/** Bytes the server sends for a built file to a browser that takes brotli. */
function servedBytes(pathname: string): number {
  const file = join(ROOT, 'apps', 'web', 'dist', pathname);
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

const chunkName = (pathname: string) =>
  pathname
    .split('/')
    .pop()!
    .replace(/-[\w-]{8}\.(js|css)$/, '');

interface Fetched {
  files: string[];
  kb: number;
}

const measure = (files: string[]): Fetched => ({
  files,
  kb: files.reduce((total, file) => total + servedBytes(file), 0) / 1024,
});

/** The page's JS and CSS fetched by the time its heading showed, and once the network idles. */
async function firstPageFiles(page: Page, path: string) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('main h1')) return;
      observer.disconnect();
      (window as { fetchedToRender?: string[] }).fetchedToRender = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name);
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(`${E2E_URL}${path}`);
  await expect(page.locator('main h1').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
  const assets = (urls: string[]) =>
    urls.map((url) => new URL(url).pathname).filter((name) => /\.(js|css)$/.test(name));
  const { rendered, all } = await page.evaluate(() => ({
    rendered: (window as { fetchedToRender?: string[] }).fetchedToRender ?? [],
    all: performance.getEntriesByType('resource').map((entry) => entry.name),
  }));
  return { toRender: measure(assets(rendered)), onceIdle: measure(assets(all)) };
}

for (const [path, budget] of Object.entries(BUDGETS)) {
  test(`${path} loads within its budget${budget.signed_in ? ', signed in' : ''}`, async ({
    page,
  }) => {
    if (budget.signed_in) {
      await signUpThroughApi(page);
      // As a reload: the browser knew a session, so the page's code loads beside its check.
      await page.goto('/chat');
      await expect(page.getByTestId('chat-input')).toBeVisible();
    }
    // A first visit: nothing cached.
    const fresh = await page
      .context()
      .browser()!
      .newContext({
        storageState: await page.context().storageState(),
      });
    const measured = await firstPageFiles(await fresh.newPage(), path);
    await fresh.close();
    const { toRender, onceIdle } = measured;
    expect(toRender.files.length, 'the page rendered with its code').toBeGreaterThan(0);
    expect
      .soft(toRender.kb, `${path} to render: ${toRender.files.join(', ')}`)
      .toBeLessThanOrEqual(budget.to_render.max_kb);
    if (budget.to_render.max_files !== undefined) {
      expect
        .soft(toRender.files.length, `${path} files to render`)
        .toBeLessThanOrEqual(budget.to_render.max_files);
    }
    expect.soft(onceIdle.kb, `${path} once idle`).toBeLessThanOrEqual(budget.once_idle.max_kb);
    if (budget.chunks) {
      const unexpected = onceIdle.files.map(chunkName).filter((n) => !budget.chunks!.includes(n));
      expect(unexpected, `chunks ${path} now loads: allowed in bench/page-budgets.json?`).toEqual(
        [],
      );
    }
  });
}
