// Measures what users feel: cold start, API throughput and latency at 50 connections, and
// the compressed JS+CSS a browser downloads for the first pages. Reports; never asserts.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const PORT = 5191;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

function startServer(dataDir) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function timeToReady(dataDir) {
  const started = performance.now();
  const child = startServer(dataDir);
  for (;;) {
    try {
      const res = await fetch(`${BASE}/api/ready`);
      if (res.ok) return { child, ms: Math.round(performance.now() - started) };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function stop(child) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function load(path) {
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    path,
    connections: CONNECTIONS,
    duration_s: DURATION_S,
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

const gzipBytes = (bodies) =>
  bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
const rawBytes = (bodies) => bodies.reduce((sum, body) => sum + body.length, 0);

/**
 * JS and CSS a fresh browser downloads for a page: what arrived before the page's heading
 * was visible (needed to render), and everything once the network is idle (including what
 * loads after the first paint, such as the toast library).
 */
async function pageWeight(browser, path) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const entry = { body: Buffer.alloc(0), rendered: false };
    assets.push(entry);
    try {
      entry.body = await response.body();
    } catch {
      // a response without a body (a redirect) weighs nothing
    }
  });
  await page.goto(`${BASE}${path}`);
  await page.locator('main h1').first().waitFor();
  for (const entry of assets) entry.rendered = true;
  await page.waitForLoadState('networkidle');
  await context.close();
  const toRender = assets.filter((a) => a.rendered).map((a) => a.body);
  const all = assets.map((a) => a.body);
  return {
    path,
    to_render: {
      files: toRender.length,
      js_css_bytes: rawBytes(toRender),
      js_css_gzip_bytes: gzipBytes(toRender),
    },
    after_idle: {
      files: all.length,
      js_css_bytes: rawBytes(all),
      js_css_gzip_bytes: gzipBytes(all),
    },
  };
}

const dataDir = await mkdtemp(join(tmpdir(), 'themis-bench-'));
try {
  const first = await timeToReady(dataDir);
  await stop(first.child);
  const { child, ms: restartMs } = await timeToReady(dataDir);
  const throughput = [];
  for (const path of ['/api/health', '/api/maintenance/status']) throughput.push(await load(path));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const pages = [await pageWeight(browser, '/login'), await pageWeight(browser, '/chat')];
  await browser.close();
  await stop(child);

  const results = {
    measured_at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      memory_gib: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    cold_start_ms: { new_data_dir: first.ms, existing_data_dir: restartMs },
    throughput,
    first_page_weight: pages,
    targets: { first_page_to_render_js_css_gzip_bytes_max: 200 * 1024 },
  };
  await writeFile('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
