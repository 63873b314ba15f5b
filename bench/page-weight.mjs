/* global document, MutationObserver, window -- the init script and evaluate run in the page. */
// The JS and CSS a fresh Chromium downloads for the first pages, counted as it receives them
// (Chrome DevTools Protocol): bytes on the wire, compressed as the server chose by the
// browser's Accept-Encoding, response headers included.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { signedInState } from './signed-in-browser.mjs';

const sum = (assets, key) => assets.reduce((total, asset) => total + asset[key], 0);

function totals(assets) {
  const encodings = {};
  for (const asset of assets) encodings[asset.encoding] = (encodings[asset.encoding] ?? 0) + 1;
  return {
    files: assets.length,
    js_css_transfer_bytes: sum(assets, 'transferBytes'),
    js_css_body_transfer_bytes: sum(assets, 'bodyTransferBytes'),
    js_css_decoded_bytes: sum(assets, 'decodedBytes'),
    content_encodings: encodings,
  };
}

/**
 * What had been fetched when the page's heading entered the document (needed to render), and
 * everything once the network is idle (including what loads after the first paint, such as the
 * toast library).
 */
async function pageWeight(browser, base, path, access) {
  const context = await browser.newContext(
    access ? { storageState: signedInState(base, access) } : {},
  );
  // What had been fetched when the page's heading entered the document: the files it took to
  // render. Checked in the page itself, as files loaded once the page is shown can finish
  // before a check from outside sees the heading.
  await context.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (!document.querySelector('main h1')) return;
      observer.disconnect();
      window.__fetchedToRender = performance.getEntriesByType('resource').map((e) => e.name);
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const assets = new Map();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script' && type !== 'Stylesheet') return;
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    assets.set(requestId, {
      url: response.url,
      encoding: headers['content-encoding'] ?? 'identity',
      headerBytes: response.encodedDataLength,
      transferBytes: 0,
      bodyTransferBytes: 0,
      decodedBytes: 0,
    });
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    const asset = assets.get(requestId);
    if (asset) asset.decodedBytes += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const asset = assets.get(requestId);
    if (!asset) return;
    asset.transferBytes = encodedDataLength;
    asset.bodyTransferBytes = encodedDataLength - asset.headerBytes;
  });
  await cdp.send('Network.enable');
  await page.goto(`${base}${path}`);
  await page.locator('main h1').first().waitFor();
  const fetchedToRender = new Set(await page.evaluate(() => window.__fetchedToRender));
  await page.waitForLoadState('networkidle');
  await context.close();
  const all = [...assets.values()].map((asset) => ({
    ...asset,
    rendered: fetchedToRender.has(asset.url),
  }));
  const chunks = all.map((a) =>
    new URL(a.url).pathname
      .split('/')
      .pop()
      .replace(/-[\w-]{8}\.(js|css)$/, ''),
  );
  return {
    path,
    to_render: totals(all.filter((a) => a.rendered)),
    after_idle: totals(all),
    chunks: [...new Set(chunks)].sort(),
  };
}

/** The login page signed out, and the chat signed in, as its users see it. */
export async function measurePageWeight(base, access) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    return [
      await pageWeight(browser, base, '/login'),
      await pageWeight(browser, base, '/chat', access),
    ];
  } finally {
    await browser.close();
  }
}

/** The budgets e2e/first-pages.spec.ts holds on every test run, and the perceived speed's. */
const BUDGETS = JSON.parse(
  readFileSync(new URL('./page-budgets.json', import.meta.url), 'utf8'),
).pages;
const PERCEIVED_TARGETS = {
  reload_api_calls_at_most: 3,
  reload_to_sendable_ms_at_most: 1900,
  reload_enter_to_first_words_ms_at_most: 800,
};

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Each first page's brotli bytes (bodies, headers not counted) and files against its budget. */
export function pageTargets(pages, perceived) {
  const targets = {};
  for (const page of pages) {
    const budget = BUDGETS[page.path];
    if (!budget) continue;
    const rendered = kb(page.to_render.js_css_body_transfer_bytes);
    const idle = kb(page.after_idle.js_css_body_transfer_bytes);
    targets[page.path] = {
      to_render_kb: {
        measured: rendered,
        budget: budget.to_render.max_kb,
        met: rendered <= budget.to_render.max_kb,
      },
      once_idle_kb: {
        measured: idle,
        budget: budget.once_idle.max_kb,
        met: idle <= budget.once_idle.max_kb,
      },
      ...(budget.to_render.max_files !== undefined && {
        to_render_files: {
          measured: page.to_render.files,
          budget: budget.to_render.max_files,
          met: page.to_render.files <= budget.to_render.max_files,
        },
      }),
      ...(budget.chunks && {
        chunks_outside_budget: page.chunks.filter((name) => !budget.chunks.includes(name)),
      }),
    };
  }
  if (perceived) {
    const { reload } = perceived;
    targets.perceived_speed = {
      ...PERCEIVED_TARGETS,
      met: {
        reload_api_calls:
          reload.api_calls_to_sendable <= PERCEIVED_TARGETS.reload_api_calls_at_most,
        reload_to_sendable:
          reload.to_question_sendable_ms <= PERCEIVED_TARGETS.reload_to_sendable_ms_at_most,
        reload_enter_to_first_words:
          reload.enter_to_first_words_on_screen_ms <=
          PERCEIVED_TARGETS.reload_enter_to_first_words_ms_at_most,
      },
    };
  }
  return targets;
}
