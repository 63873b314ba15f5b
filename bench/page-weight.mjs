/* global document, MutationObserver, window -- the init script and evaluate run in the page. */
// The JS and CSS a fresh Chromium downloads for the first pages, counted as it receives them
// (Chrome DevTools Protocol): bytes on the wire, compressed as the server chose by the
// browser's Accept-Encoding, response headers included.
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
  const all = [...assets.values()].map(({ url, ...asset }) => ({
    ...asset,
    rendered: fetchedToRender.has(url),
  }));
  return { path, to_render: totals(all.filter((a) => a.rendered)), after_idle: totals(all) };
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

/** The first pages' targets: JS+CSS on the wire (headers included) before the page shows. */
const PAGE_TARGETS = {
  login_to_render_transfer_bytes_under: 150 * 1024,
  login_to_render_files_under: 15,
  chat_to_render_transfer_bytes_under: 250 * 1024,
};

export function pageTargets([login, chat]) {
  return {
    ...PAGE_TARGETS,
    met: {
      login_bytes:
        login.to_render.js_css_transfer_bytes < PAGE_TARGETS.login_to_render_transfer_bytes_under,
      login_files: login.to_render.files < PAGE_TARGETS.login_to_render_files_under,
      chat_bytes:
        chat.to_render.js_css_transfer_bytes < PAGE_TARGETS.chat_to_render_transfer_bytes_under,
    },
  };
}
