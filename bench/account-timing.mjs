// Whether the time of an answer tells if an address has an account: registration and the
// password reset request, for addresses with an active account and for unknown ones, taken
// in turns. Each call comes from a loopback address of its own, so the per-IP limits never
// answer in place of the work measured. Reports; never asserts.
import { request } from 'node:http';

const SAMPLES = Number(process.env.BENCH_ACCOUNT_SAMPLES ?? 25);
const PASSWORD = 'Bench-Pass-123';

let clients = 0;
/** 127.0.x.y: Linux answers on the whole loopback network. */
function nextIp() {
  clients += 1;
  return `127.0.${(clients >> 8) & 255}.${(clients & 255) + 1}`;
}

/** POSTs JSON from a fresh loopback address; resolves with the status, body and time taken. */
function timedPost(base, path, body) {
  const payload = JSON.stringify(body);
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      {
        method: 'POST',
        localAddress: nextIp(),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function codeFor(base, email) {
  for (;;) {
    const res = await fetch(`${base}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
    const code = (await res.json()).map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const registration = (email) => ({
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  terms_accepted: true,
  language: 'en',
});

async function activeAccount(base, index) {
  const email = `bench.timing.${index}.${Date.now()}@example.com`;
  await timedPost(base, '/api/auth/register', registration(email));
  const code = await codeFor(base, email);
  const activated = await timedPost(base, '/api/auth/activate', { email, code });
  if (activated.status !== 200) throw new Error(`timing account ${index}: ${activated.body}`);
  return email;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)] * 10) / 10;
};

/**
 * The first registration of each address and the first reset request for it, so every
 * sample takes the full path: a new address creates an account and mails a code; a taken
 * one mails its owner a notice.
 */
async function measure(base) {
  const owners = [];
  for (let i = 0; i < SAMPLES; i++) owners.push(await activeAccount(base, i));
  const times = { registerNew: [], registerTaken: [], resetUnknown: [], resetKnown: [] };
  const statuses = new Set();
  const sample = async (series, path, body) => {
    const res = await timedPost(base, path, body);
    statuses.add(`${path} ${res.status}`);
    times[series].push(res.ms);
  };
  for (let i = 0; i < SAMPLES; i++) {
    const stranger = `bench.stranger.${i}.${Date.now()}@example.com`;
    await sample('registerNew', '/api/auth/register', registration(stranger));
    await sample('registerTaken', '/api/auth/register', registration(owners[i]));
    const unknown = { email: `bench.nobody.${i}.${Date.now()}@example.com`, language: 'en' };
    await sample('resetUnknown', '/api/auth/password-reset/request', unknown);
    await sample('resetKnown', '/api/auth/password-reset/request', {
      email: owners[i],
      language: 'en',
    });
  }
  const pair = (first, second) => ({
    [first[0]]: median(times[first[1]]),
    [second[0]]: median(times[second[1]]),
    difference_ms: Math.round((median(times[second[1]]) - median(times[first[1]])) * 10) / 10,
  });
  return {
    samples: SAMPLES,
    statuses: [...statuses].sort(),
    register_timing: pair(
      ['new_address_median_ms', 'registerNew'],
      ['existing_address_median_ms', 'registerTaken'],
    ),
    reset_request_timing: pair(
      ['unknown_address_median_ms', 'resetUnknown'],
      ['known_address_median_ms', 'resetKnown'],
    ),
  };
}

/** On a server of its own, so no earlier measurement's accounts or limits are in the way. */
export async function measureAccountTiming({ timeToReady, stop, base }, dataDir) {
  const { child } = await timeToReady(dataDir);
  try {
    return { measured_at: new Date().toISOString(), ...(await measure(base)) };
  } finally {
    await stop(child);
  }
}
