// Measures what users feel: cold start, API throughput and latency at 50 connections, the
// JS+CSS bytes a browser receives for the first pages (bench/page-weight.mjs) and how fast the
// chat feels on a slowed phone (bench/perceived-speed.mjs), and chat
// streaming latency and memory (bench/chat-streaming.mjs), and health latency while hostile
// documents are uploaded (bench/hostile-documents.mjs), and whether registration and reset
// requests take as long for a taken address as for a new one (bench/account-timing.mjs), and
// an organization of 1,000 members and 5,000 invitations: its lists at 50 connections and its
// access check (bench/organizations.mjs), how long unlocking an encryption key takes
// (bench/encryption.mjs) and what encryption adds to streaming and the history
// (bench/encryption-chat.mjs), and shared links: a 2,000-message conversation's shared view and
// a link manager of 1,000 links (bench/sharing.mjs), how well answers' citations of the law
// are recognised (bench/citations.mjs), how long exporting a 200-message conversation takes
// (bench/export.mjs), and a soak of 200 users for 10 minutes:
// latency, errors and the server's memory over time (bench/soak.mjs). Reports; never asserts.
// BENCH_ONLY=start, chat, pages (with the perceived speed), hostile_documents, account_timing, organizations, encryption,
// sharing, citations, export or soak measures only that part and updates it in bench/results.json; BENCH_SKIP_SOAK=1
// measures every part but the soak, whose figures are kept.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';
import { measureAccountTiming } from './account-timing.mjs';
import { measureCitations } from './citations.mjs';
import { measureChatStreaming } from './chat-streaming.mjs';
import { measureColdStart } from './cold-start.mjs';
import { measureEncryptedChat } from './encryption-chat.mjs';
import { measureEncryption } from './encryption.mjs';
import { measureExport } from './export.mjs';
import { measureHostileDocuments } from './hostile-documents.mjs';
import { measureOrganizations } from './organizations.mjs';
import { measurePageWeight, pageTargets } from './page-weight.mjs';
import { measurePerceivedSpeed } from './perceived-speed.mjs';
import { measureSharing } from './sharing.mjs';
import { measureSoak } from './soak.mjs';

const PORT = 5191;
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

/** PostgreSQL to measure against as well, when one answers here. */
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function startServer(dataDir, databaseUrl, extraEnv = {}) {
  // Started as `npm run serve` starts it; BENCH_SERVER_NODE_ARGS adds flags (a profile).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, 'apps/server/dist/main.js'],
    {
      env: {
        ...process.env,
        PORT: String(PORT),
        DATA_DIR: dataDir,
        ...(databaseUrl && { DATABASE_URL: databaseUrl }),
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: 'warn',
        // The registers citations are checked in are on the internet: linked, not checked.
        LEGAL_SOURCES: 'links',
        ...extraEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
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
  const coldStart = await measureColdStart(join(dataDir, 'cold-start'), { timeToReady, stop });
  const { child } = await timeToReady(dataDir);
  let throughput;
  let pages;
  let perceived;
  try {
    const account = await benchAccount();
    throughput = await apiThroughput(account);
    pages = await measurePageWeight(BASE, account.access);
    perceived = await measurePerceivedSpeed(BASE, account.access);
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
    cold_start_ms: coldStart,
    throughput,
    postgresql: postgres ?? 'not measured: no PostgreSQL server answered',
    first_page_weight: pages,
    perceived_speed: perceived,
    targets: pageTargets(pages, perceived),
  };
}

/** Page weight and perceived speed alone, on a server of their own. */
async function measurePagesOnly(dataDir) {
  const { child } = await timeToReady(dataDir);
  try {
    const { access } = await benchAccount();
    return {
      pages: await measurePageWeight(BASE, access),
      perceived: await measurePerceivedSpeed(BASE, access),
    };
  } finally {
    await stop(child);
  }
}

async function previousResults() {
  try {
    return JSON.parse(await readFile('bench/results.json', 'utf8'));
  } catch {
    return {};
  }
}

const only = process.env.BENCH_ONLY;
const PARTS = [
  'start',
  'chat',
  'pages',
  'hostile_documents',
  'account_timing',
  'organizations',
  'encryption',
  'sharing',
  'citations',
  'export',
  'soak',
];
if (only && !PARTS.includes(only)) throw new Error(`BENCH_ONLY is one of ${PARTS}, not ${only}`);
const dataDir = await mkdtemp(join(tmpdir(), 'themis-bench-'));
try {
  const results = only ? await previousResults() : await measureApp(dataDir);
  if (only === 'pages') {
    const { pages, perceived } = await measurePagesOnly(dataDir);
    results.first_page_weight = pages;
    results.perceived_speed = perceived;
    results.targets = pageTargets(pages, perceived);
  } else if (!only || only === 'chat') {
    results.chat_streaming = await measureChatStreaming(
      { timeToReady, stop, post, lastCode, cookiesOf, freshPostgresDatabase, base: BASE },
      join(dataDir, 'chat'),
    );
  }
  if (only === 'start')
    results.cold_start_ms = await measureColdStart(join(dataDir, 'start'), { timeToReady, stop });
  if (!only || only === 'hostile_documents') {
    results.hostile_documents = await measureHostileDocuments(
      { timeToReady, stop, post, lastCode, cookiesOf, base: BASE },
      join(dataDir, 'hostile'),
    );
  }
  if (!only || only === 'account_timing') {
    results.account_timing = await measureAccountTiming(
      { timeToReady, stop, base: BASE },
      join(dataDir, 'accounts'),
    );
  }
  if (!only || only === 'organizations') {
    results.organizations = await measureOrganizations(
      { timeToReady, stop, post, lastCode, cookiesOf, freshPostgresDatabase, load, base: BASE },
      join(dataDir, 'organizations'),
    );
  }
  if (!only || only === 'encryption') {
    const helpers = { timeToReady, stop, post, lastCode, cookiesOf, base: BASE };
    results.encryption = {
      ...(await measureEncryption(helpers, join(dataDir, 'encryption'))),
      chat: await measureEncryptedChat(helpers, join(dataDir, 'encryption-chat')),
    };
  }
  if (!only || only === 'sharing') {
    results.sharing = await measureSharing(
      { timeToReady, stop, post, lastCode, cookiesOf, freshPostgresDatabase, load, base: BASE },
      join(dataDir, 'sharing'),
    );
  }
  if (!only || only === 'citations') results.citations = await measureCitations();
  if (!only || only === 'export') {
    results.export = await measureExport(
      { timeToReady, stop, post, lastCode, cookiesOf, base: BASE },
      join(dataDir, 'export'),
    );
  }
  if (!only && process.env.BENCH_SKIP_SOAK === '1') {
    // The soak takes ten minutes or more: kept from the run that measured it.
    results.soak = (await previousResults()).soak;
  } else if (!only || only === 'soak') {
    results.soak = await measureSoak(
      { timeToReady, stop, lastCode, base: BASE },
      join(dataDir, 'soak'),
    );
  }
  await writeFile('bench/results.json', `${JSON.stringify(results, null, 2)}\n`);
  const part = {
    start: results.cold_start_ms,
    chat: results.chat_streaming,
    pages: {
      first_page_weight: results.first_page_weight,
      perceived_speed: results.perceived_speed,
    },
    hostile_documents: results.hostile_documents,
    account_timing: results.account_timing,
    organizations: results.organizations,
    encryption: results.encryption,
    sharing: results.sharing,
    citations: results.citations,
    export: results.export,
    soak: results.soak,
  }[only];
  console.log(JSON.stringify(part ?? results, null, 2));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
