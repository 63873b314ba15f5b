// A bounded soak: one server on the embedded database, SOAK_USERS simulated users (default
// 200) for SOAK_SECONDS (default 600), each in a loop of what a person does with a think time
// between steps: list the conversations, open one, now and then upload a small file, ask over
// /ws and wait for the answer, and sign in again every few rounds. Reports each operation's
// latency and errors, and the server's memory every 10 s with its slope after warm-up.
// Reports; never asserts.
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { closedPort, inBatches, percentiles, startUpstream } from './chat-streaming.mjs';
import { ask, call, connect, createUser, signIn, SoakError, upload } from './soak-user.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const USERS = Number(process.env.SOAK_USERS ?? 200);
/** Between steps, uniformly: reading the list, the conversation, the answer. */
const THINK_MS = [10_000, 20_000];
const SIGN_IN_EVERY = 8;
const UPLOAD_EVERY = 4;
const NEW_CONVERSATION_EVERY = 5;
const SAMPLE_MS = 10_000;
/** The first part of the run, left out of the memory slope: caches and pools fill. */
const WARM_UP_SHARE = 0.2;
const TARGETS = { errors: 0, rss_slope_mb_per_min_abs_max: 1 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A think time, cut short at `deadline` so that the run ends on time. */
const think = (deadline) =>
  sleep(
    Math.min(
      THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]),
      Math.max(0, deadline - performance.now()),
    ),
  );
const round = (value, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

function createStats() {
  const ops = {};
  const errors = new Map();
  const op = (name) => (ops[name] ??= { count: 0, errors: 0, ms: [], firstDelta: [] });
  const note = (message) => errors.set(message, (errors.get(message) ?? 0) + 1);
  return {
    ops,
    errors,
    note,
    /** `fn`'s time under `name`, or its error counted (a SoakError's message names it). */
    async timed(name, fn) {
      const entry = op(name);
      entry.count += 1;
      const started = performance.now();
      try {
        const result = await fn();
        entry.ms.push(performance.now() - started);
        return result;
      } catch (error) {
        entry.errors += 1;
        note(error instanceof SoakError ? error.message : `${name}: ${error}`);
        return undefined;
      }
    },
  };
}

/** The server's resident memory (MB) and CPU time (s, at the usual 100 ticks a second). */
async function processUsage(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
  return {
    rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024,
    cpuS: (Number(stat[11]) + Number(stat[12])) / 100,
  };
}

/** The main thread's JavaScript heap in use (MB): tells a heap leak from the allocator's. */
async function heapUsedMb(base) {
  const text = await (await fetch(`${base}/api/metrics`)).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1]) / 2 ** 20;
}

/** Least-squares slope of `points` ([seconds, MB]), in MB per minute. */
function slopePerMinute(points) {
  const n = points.length;
  if (n < 2) return null;
  const meanT = points.reduce((s, [t]) => s + t, 0) / n;
  const meanY = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [t, y] of points) {
    num += (t - meanT) * (y - meanY);
    den += (t - meanT) ** 2;
  }
  return round((num / den) * 60, 3);
}

/** The user's WebSocket, opened again when it was closed; a close not asked for is an error. */
async function ensureSocket({ base, stats }, user) {
  if (user.socket?.readyState === 1) return;
  const socket = await stats.timed('connect', () => connect(base, user));
  socket?.on('error', () => {});
  socket?.once('close', (code) => {
    if (user.socket === socket) stats.note(`ws: closed by the server (${code})`);
  });
  user.socket = socket;
}

function closeSocket(user) {
  const { socket } = user;
  user.socket = undefined;
  socket?.close();
}

/** One user's loop until `deadline`, starting at a random point of a think time. */
async function runUser(context, user, deadline) {
  const { base, stats, model } = context;
  const { timed } = stats;
  const live = () => performance.now() < deadline;
  await sleep(Math.random() * THINK_MS[1]);
  for (let turn = 0; live(); turn += 1) {
    // Offset by the user's index, so that sign-ins and uploads are spread over the run.
    const every = (n) => (turn + user.index) % n === 0;
    if (turn > 0 && every(SIGN_IN_EVERY)) {
      closeSocket(user);
      await timed('sign_in', () => signIn(base, user));
    }
    await ensureSocket(context, user);
    const page = await timed('list', () => call(base, user, 'GET', '/api/conversation/list'));
    await think(deadline);
    if (!live()) break;
    let pk = page?.items[Math.floor(Math.random() * Math.min(page.items.length, 5))]?.pk;
    if (!pk || every(NEW_CONVERSATION_EVERY)) {
      const created = await timed('create', () =>
        call(base, user, 'POST', '/api/conversation/create', {}),
      );
      pk = created?.pk;
    }
    if (!pk) continue;
    await timed('open', () => call(base, user, 'GET', `/api/conversation/messages/${pk}`));
    await think(deadline);
    if (!live()) break;
    const attachmentPks = [];
    if (every(UPLOAD_EVERY)) {
      const attachment = await timed('upload', () => upload(base, user, pk));
      if (attachment) attachmentPks.push(attachment);
      await think(deadline);
      if (!live()) break;
    }
    await ensureSocket(context, user);
    if (!user.socket) continue;
    const answer = await timed('ask', () =>
      ask({ user, conversationPk: pk, attachmentPks, model }),
    );
    if (answer) stats.ops.ask.firstDelta.push(answer.firstDelta);
    await think(deadline);
  }
}

function report(ops) {
  return Object.fromEntries(
    Object.entries(ops).map(([name, op]) => {
      const { p50, p99 } = percentiles(op.ms);
      const first = name === 'ask' ? percentiles(op.firstDelta) : undefined;
      return [
        name,
        {
          count: op.count,
          errors: op.errors,
          p50_ms: p50,
          p99_ms: p99,
          ...(first && { first_delta_p50_ms: first.p50, first_delta_p99_ms: first.p99 }),
        },
      ];
    }),
  );
}

/** The load itself, against a server already started with `child`; the report's figures. */
async function soak(helpers, child, model) {
  const users = await inBatches([...Array(USERS).keys()], 10, (i) => createUser(helpers, i));
  const stats = createStats();
  const context = { base: helpers.base, stats, model };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const clientCpu = process.cpuUsage();
  const samples = [];
  const sample = async () => {
    const usage = await processUsage(child.pid);
    const heapMb = await heapUsedMb(helpers.base);
    const t = round((performance.now() - started) / 1000, 1);
    const previous = samples.at(-1);
    const cpu = previous ? ((usage.cpuS - previous.cpuS) / (t - previous.t)) * 100 : null;
    samples.push({ t, ...usage, heapMb, cpu });
  };
  await sample();
  const sampler = setInterval(() => void sample().catch(() => {}), SAMPLE_MS);
  await Promise.all(users.map((user) => runUser(context, user, deadline)));
  clearInterval(sampler);
  await sample();
  for (const user of users) closeSocket(user);
  const elapsed = samples.at(-1).t;
  const cpu = process.cpuUsage(clientCpu);
  const afterWarmUp = samples.filter((s) => s.t >= WARM_UP_SHARE * SECONDS);
  const slope = slopePerMinute(afterWarmUp.map((s) => [s.t, s.rssMb]));
  const heapSlope = slopePerMinute(afterWarmUp.map((s) => [s.t, s.heapMb]));
  const total = [...stats.errors.values()].reduce((sum, n) => sum + n, 0);
  return {
    wall_s: elapsed,
    operations: report(stats.ops),
    errors: {
      total,
      first_distinct: [...stats.errors].slice(0, 8).map(([message, n]) => `${message} (×${n})`),
    },
    server: {
      cpu_percent_of_one_core: round(((samples.at(-1).cpuS - samples[0].cpuS) / elapsed) * 100, 1),
      rss_mb_every_10_s: samples.map((s) => [s.t, round(s.rssMb, 1)]),
      rss_slope_mb_per_min_after_warm_up: slope,
      heap_used_mb_every_10_s: samples.map((s) => round(s.heapMb, 1)),
      heap_used_slope_mb_per_min_after_warm_up: heapSlope,
      cpu_percent_every_10_s: samples.slice(1).map((s) => round(s.cpu, 1)),
    },
    client_cpu_percent_of_one_core: round((cpu.user + cpu.system) / 1e4 / elapsed, 1),
    met: {
      errors: total === TARGETS.errors,
      rss_slope: slope !== null && Math.abs(slope) < TARGETS.rss_slope_mb_per_min_abs_max,
    },
  };
}

export async function measureSoak(helpers, dataDir) {
  const upstream = await startUpstream();
  try {
    const load = loadavg().map((value) => round(value));
    const { child } = await helpers.timeToReady(dataDir, undefined, {
      OPENAI_BASE_URL: upstream.url,
      OPENAI_API_KEY: 'sk-bench',
      OLLAMA_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
      MODELS: `openai:${upstream.model}=Bench`,
      TRUST_PROXY: 'loopback',
    });
    try {
      const figures = await soak(helpers, child, `openai:${upstream.model}`);
      return {
        measured_at: new Date().toISOString(),
        load_average_at_start: load,
        users: USERS,
        duration_s: SECONDS,
        setup:
          'One server on the embedded database (a new data folder) and the local upstream ' +
          '(50 tokens 20 ms apart, with usage). Each user signs up, activates and signs in ' +
          'with the e-mailed code on a trusted device through the API, from an address of its ' +
          'own (X-Forwarded-For), then loops until the end: list the conversations, think, ' +
          `open one (a new one every ${NEW_CONVERSATION_EVERY} rounds; its messages), think, ` +
          `upload a one-page pdf every ${UPLOAD_EVERY} rounds (sent with the question), ` +
          'think, ask on its WebSocket and wait for chat.done, think; every ' +
          `${SIGN_IN_EVERY} rounds it signs out and in again with its password ` +
          '(trusted device) and opens a new WebSocket. Users start at random points of a ' +
          'think time. Warm-up left out of the slope: the first ' +
          `${WARM_UP_SHARE * 100}% of the run.`,
        think_ms: THINK_MS,
        ...figures,
        load_average_at_end: loadavg().map((value) => round(value)),
        targets: TARGETS,
      };
    } finally {
      await helpers.stop(child);
    }
  } finally {
    upstream.child.kill();
  }
}
