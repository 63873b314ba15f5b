// Conversation encryption: how long unlocking takes (argon2id with the parameters recorded
// beside it, then unwrapping the data key and holding it for the session), one unlock at a
// time and ten users unlocking at once. On the embedded database. Reports; never asserts.
import { join } from 'node:path';

const SAMPLES = Number(process.env.BENCH_UNLOCK_SAMPLES ?? 20);
const PIN = '482913';

async function encryptedAccount({ post, lastCode, cookiesOf }, index) {
  const email = `bench.encryption.${index}.${Date.now()}@example.com`;
  const password = 'Bench-Pass-123';
  const body = { email, password, password_confirmation: password, terms_accepted: true };
  await post('/api/auth/register', { ...body, language: 'en' });
  const code = await lastCode(email);
  const cookie = `access=${cookiesOf(await post('/api/auth/activate', { email, code })).access}`;
  const set = await post(
    '/api/user/create-encryption-secrets',
    { encryption_key_type: 'PIN', encryption_key: PIN },
    cookie,
  );
  if (!set.ok) throw new Error(`encryption bench: ${set.status} ${await set.text()}`);
  return cookie;
}

async function timedUnlock(post, cookie) {
  const started = performance.now();
  const res = await post('/api/user/unlock-decryption', { encryption_key: PIN }, cookie);
  if (!res.ok) throw new Error(`unlock: ${res.status} ${await res.text()}`);
  return performance.now() - started;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[at] * 10) / 10;
};

export async function measureEncryption(helpers, dataDir) {
  const { timeToReady, stop, post } = helpers;
  const { child } = await timeToReady(join(dataDir, 'embedded'));
  try {
    const cookies = [];
    for (let i = 0; i < 10; i += 1) cookies.push(await encryptedAccount(helpers, i));
    await timedUnlock(post, cookies[0]);
    const alone = [];
    for (let i = 0; i < SAMPLES; i += 1) alone.push(await timedUnlock(post, cookies[0]));
    const startedAll = performance.now();
    const together = await Promise.all(cookies.map((cookie) => timedUnlock(post, cookie)));
    return {
      kdf: 'argon2id, m=46 MiB, t=1, p=1, then HKDF-SHA256 with the server key',
      unlock_ms: { p50: percentile(alone, 50), p95: percentile(alone, 95), samples: SAMPLES },
      ten_users_at_once_ms: {
        p50: percentile(together, 50),
        max: percentile(together, 100),
        wall: Math.round(performance.now() - startedAll),
      },
    };
  } finally {
    await stop(child);
  }
}
