// Measures what users feel: cold start, API throughput and latency at 50 connections, the
// compressed JS+CSS a browser downloads for the first pages, and chat streaming latency and
// memory (bench/chat-streaming.mjs). Reports; never asserts. BENCH_ONLY=chat measures only
// the chat streaming and updates that part of bench/results.json.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { measureChatStreaming } from './chat-streaming.mjs';

const PORT = 5191;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

/** PostgreSQL to measure against as well, when one answers here. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function startServer(dataDir, databaseUrl, extraEnv = {}) {
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...(databaseUrl && { DATABASE_URL: databaseUrl }),
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      LOG_LEVEL: 'warn',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function timeToReady(dataDir, databaseUrl, extraEnv) {
  // A server left over from an interrupted run would answer in place of this one.
  const stale = await fetch(`${BASE}/api/ready`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`something already answers at ${BASE}: stop it first`);
  const started = performance.now();
  const child = startServer(dataDir, databaseUrl, extraEnv);
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

async function load(path, options = {}) {
  const result = await autocannon({
    url: `${BASE}${path}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...options,
  });
  return {
    path: options.method ? `${options.method} ${path}` : path,
    connections: CONNECTIONS,
    duration_s: DURATION_S,
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    non_2xx: result.non2xx,
    status_codes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count]),
    ),
    errors: result.errors,
  };
}

const cookiesOf = (response) =>
  Object.fromEntries(response.headers.getSetCookie().map((c) => c.split(';')[0].split('=')));

async function post(path, body, cookie = '') {
  return fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}

/** The newest code e-mailed to `email`, waiting for one other than `previous`. */
async function lastCode(email, previous) {
  for (;;) {
    const mails = await (
      await fetch(`${BASE}/dev/mailbox.json?to=${encodeURIComponent(email)}`)
    ).json();
    const code = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An activated account on a trusted device: its access cookie for user calls, and the
 * device cookie with which a login needs no e-mailed code.
 */
async function benchAccount() {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'Bench-Pass-123';
  await post('/api/auth/register', {
    email,
    password,
    password_confirmation: password,
    terms_accepted: true,
    language: 'en',
  });
  const activationCode = await lastCode(email);
  const access = cookiesOf(
    await post('/api/auth/activate', { email, code: activationCode }),
  ).access;
  const challenge = (await (await post('/api/auth/login', { email, password })).json())
    .challenge_token;
  const code = await lastCode(email, activationCode);
  const confirm = await post('/api/auth/login/confirm', {
    challenge_token: challenge,
    code,
    trust_device: true,
  });
  const { device } = cookiesOf(confirm);
  const details = await fetch(`${BASE}/api/user/update`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: `access=${access}` },
    body: JSON.stringify({ name: 'Bench', surname: 'User' }),
  });
  const check = await fetch(`${BASE}/api/user/get`, { headers: { cookie: `access=${access}` } });
  if (!details.ok || !check.ok || !device)
    throw new Error(`bench account not ready: ${check.status} ${await check.text()}`);
  return { email, password, access, device };
}

const gzipBytes = (bodies) =>
  bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
const rawBytes = (bodies) => bodies.reduce((sum, body) => sum + body.length, 0);

/**
 * JS and CSS a fresh browser downloads for a page: what arrived before the page's heading
 * was visible (needed to render), and everything once the network is idle (including what
 * loads after the first paint, such as the toast library).
 */
async function pageWeight(browser, path, access) {
  const context = await browser.newContext();
  if (access) await context.addCookies([{ name: 'access', value: access, url: BASE }]);
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

async function apiThroughput(account) {
  const results = [];
  for (const path of ['/api/health', '/api/maintenance/status']) results.push(await load(path));
  results.push(await load('/api/user/get', { headers: { cookie: `access=${account.access}` } }));
  results.push(
    await load('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `device=${account.device}` },
      body: JSON.stringify({ email: account.email, password: account.password }),
    }),
  );
  return results;
}

/** A fresh database on the PostgreSQL server, or undefined when none answers. */
async function freshPostgresDatabase() {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `themis_bench_${process.pid}`;
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function postgresThroughput(dataDir) {
  const database = await freshPostgresDatabase();
  if (!database) return undefined;
  try {
    const { child, ms } = await timeToReady(dataDir, database.url);
    try {
      return { cold_start_ms: ms, throughput: await apiThroughput(await benchAccount()) };
    } finally {
      await stop(child);
    }
  } finally {
    await database.drop();
  }
}

/** Cold start, API throughput and page weight: the results without the chat streaming. */
async function measureApp(dataDir) {
  const first = await timeToReady(dataDir);
  await stop(first.child);
  const { child, ms: restartMs } = await timeToReady(dataDir);
  let throughput;
  let pages;
  try {
    const account = await benchAccount();
    throughput = await apiThroughput(account);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      // The chat is measured signed in, as its users see it.
      pages = [
        await pageWeight(browser, '/login'),
        await pageWeight(browser, '/chat', account.access),
      ];
    } finally {
      await browser.close();
    }
  } finally {
    await stop(child);
  }
  const postgres = await postgresThroughput(join(dataDir, 'postgres'));
  return {
    measured_at: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      memory_gib: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    cold_start_ms: { new_data_dir: first.ms, existing_data_dir: restartMs },
    throughput,
    postgresql: postgres ?? 'not measured: no PostgreSQL server answered',
    first_page_weight: pages,
    targets: { first_page_to_render_js_css_gzip_bytes_max: 200 * 1024 },
  };
}

async function previousResults() {
  try {
    return JSON.parse(await readFile('bench/results.json', 'utf8'));
  } catch {
    return {};
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'themis-bench-'));
try {
  const onlyChat = process.env.BENCH_ONLY === 'chat';
  const results = onlyChat ? await previousResults() : await measureApp(dataDir);
  results.chat_streaming = await measureChatStreaming(
    { timeToReady, stop, post, lastCode, cookiesOf, freshPostgresDatabase, base: BASE },
    join(dataDir, 'chat'),
  );
  await writeFile('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(onlyChat ? results.chat_streaming : results, null, 2));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
