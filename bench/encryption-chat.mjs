// Encrypted conversations under load: what sealing adds to each streamed token at 100
// answers at once (against plain ones on the same server), and how fast the history's first
// page opens with 10,000 encrypted conversations. On the embedded database, with the local
// model of bench/chat-upstream.mjs. Reports; never asserts.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { closedPort, inBatches, percentiles, runLevel, startUpstream } from './chat-streaming.mjs';

const PIN = '482913';
/** One address may register 60 accounts an hour: 25 plain, 25 encrypted and one more. */
const ACCOUNTS_EACH = 25;
const STREAMS = 100;
const HISTORY_CONVERSATIONS = Number(process.env.BENCH_HISTORY_CONVERSATIONS ?? 10_000);
const HISTORY_SAMPLES = 200;

async function account(helpers, label, index) {
  const { post, lastCode, cookiesOf } = helpers;
  const email = `bench.${label}.${index}.${Date.now()}@example.com`;
  const password = 'Bench-Pass-123';
  const body = { email, password, password_confirmation: password, terms_accepted: true };
  await post('/api/auth/register', { ...body, language: 'en' });
  const code = await lastCode(email);
  const { access } = cookiesOf(await post('/api/auth/activate', { email, code }));
  if (!access) throw new Error(`${label} bench account ${index} not activated`);
  return { email, access };
}

/** On the Pro plan (set by the operator command), with a PIN, encryption enabled. */
async function encryptedAccount(helpers, dataDir, index) {
  const { email, access } = await account(helpers, 'sealed', index);
  await promisify(execFile)(
    process.execPath,
    ['apps/server/dist/cli.js', 'user', 'set-plan', email, 'pro'],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  const cookie = `access=${access}`;
  for (const [path, payload] of [
    ['/api/user/create-encryption-secrets', { encryption_key_type: 'PIN', encryption_key: PIN }],
    ['/api/user/enable-encryption', {}],
  ]) {
    const res = await helpers.post(path, payload, cookie);
    if (!res.ok) throw new Error(`encryption bench: ${path} ${res.status} ${await res.text()}`);
  }
  return access;
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function historyFirstPage(helpers, dataDir) {
  const access = await encryptedAccount(helpers, dataDir, 'history');
  const headers = { cookie: `access=${access}` };
  const startedFilling = performance.now();
  await inBatches([...Array(HISTORY_CONVERSATIONS).keys()], 20, async (i) => {
    const res = await helpers.post(
      '/api/conversation/create',
      { name: `Matter ${i}: lease of the office on Marszałkowska` },
      headers.cookie,
    );
    if (res.status !== 201) throw new Error(`conversation not created: ${res.status}`);
  });
  const fillS = Math.round((performance.now() - startedFilling) / 100) / 10;
  const list = () =>
    fetch(`${helpers.base}/api/conversation/list`, { headers }).then(async (res) => {
      const page = await res.json();
      if (!res.ok || page.items.length === 0 || page.items[0].is_locked) {
        throw new Error(`history page: ${res.status}`);
      }
    });
  for (let i = 0; i < 20; i += 1) await list();
  const samples = [];
  for (let i = 0; i < HISTORY_SAMPLES; i += 1) samples.push(await timed(list));
  return {
    conversations: HISTORY_CONVERSATIONS,
    created_through_the_api_s: fillS,
    first_page_ms: { ...percentiles(samples), samples: HISTORY_SAMPLES },
  };
}

export async function measureEncryptedChat(helpers, dataDir) {
  const upstream = await startUpstream();
  const serverDir = join(dataDir, 'embedded');
  const { child } = await helpers.timeToReady(serverDir, undefined, {
    OPENAI_BASE_URL: upstream.url,
    OPENAI_API_KEY: 'sk-bench',
    OLLAMA_BASE_URL: `http://127.0.0.1:${await closedPort()}`,
    MODELS: `openai:${upstream.model}=Bench`,
  });
  try {
    const indexes = [...Array(ACCOUNTS_EACH).keys()];
    const plain = await inBatches(
      indexes,
      5,
      async (i) => (await account(helpers, 'plain', i)).access,
    );
    const sealed = await inBatches(indexes, 5, (i) => encryptedAccount(helpers, serverDir, i));
    const common = { base: helpers.base, model: `openai:${upstream.model}`, serverPid: child.pid };
    for (const accounts of [plain, sealed]) await runLevel({ ...common, accounts, count: 10 });
    // Alternated, so that a slower moment of the machine does not favour one kind.
    const runs = { plain: [], encrypted: [] };
    for (let round = 0; round < 3; round += 1) {
      runs.plain.push(await runLevel({ ...common, accounts: plain, count: STREAMS }));
      runs.encrypted.push(await runLevel({ ...common, accounts: sealed, count: STREAMS }));
    }
    const perToken = (kind) => runs[kind].map((run) => run.added_per_token_ms.p50);
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const addedMs =
      Math.round((median(perToken('encrypted')) - median(perToken('plain'))) * 100) / 100;
    console.error('encryption: streams measured; filling the history');
    const history = await historyFirstPage(helpers, serverDir);
    const summary = (run) => ({
      completed: run.completed,
      errors: run.errors,
      added_first_token_ms: run.added_first_token_ms,
      added_per_token_ms: run.added_per_token_ms,
    });
    return {
      streams: STREAMS,
      plain: runs.plain.map(summary),
      encrypted: runs.encrypted.map(summary),
      encryption_added_per_token_p50_ms: addedMs,
      history,
      targets: {
        encryption_added_per_token_ms_max: 1,
        met: { encryption_added_per_token: addedMs < 1 },
      },
    };
  } finally {
    await helpers.stop(child);
    upstream.child.kill();
  }
}
