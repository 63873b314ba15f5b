// Hostile documents at upload: how long /api/health takes to answer while small pdf and docx
// files that inflate to tens or hundreds of MB are uploaded over and over, and the server's
// memory meanwhile. The files are the server tests' own (apps/server/test/hostile-files.mjs).
// Reports; never asserts.
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { hostile } from '../apps/server/test/hostile-files.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const HEALTH_CONNECTIONS = 10;
const UPLOADERS = 4;

async function rssMb(pid) {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024);
}

async function health(base) {
  const result = await autocannon({
    url: `${base}/api/health`,
    connections: HEALTH_CONNECTIONS,
    duration: DURATION_S,
  });
  return {
    requests_per_s: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    latency_max_ms: result.latency.max,
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Uploads the files in turn until `until` settles; the answers, counted by status and code. */
async function uploadLoop({ base, access, conversationId, files, until }) {
  let done = false;
  void until.then(() => (done = true));
  const answers = {};
  let index = 0;
  while (!done) {
    const [name, bytes] = files[index++ % files.length];
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${base}/api/conversation/attachment/upload/${conversationId}`, {
      method: 'POST',
      headers: { cookie: `access=${access}` },
      body: form,
    });
    const body = await res.json().catch(() => ({}));
    const key = `${name}: ${res.status} ${body.detail ?? ''}`.trim();
    answers[key] = (answers[key] ?? 0) + 1;
  }
  return answers;
}

export async function measureHostileDocuments(
  { timeToReady, stop, post, lastCode, cookiesOf, base },
  dataDir,
) {
  const files = [
    ['inflating.pdf', await hostile.inflatingPdf()],
    ['wordy.pdf', await hostile.wordyPdf()],
    ['declared.docx', await hostile.declaredDocx()],
    ['lying.docx', await hostile.lyingDocx()],
  ];
  const { child } = await timeToReady(dataDir);
  try {
    const email = `bench.hostile.${Date.now()}@example.com`;
    const password = 'Bench-Pass-123';
    const body = { email, password, password_confirmation: password, terms_accepted: true };
    await post('/api/auth/register', { ...body, language: 'en' });
    const code = await lastCode(email);
    const { access } = cookiesOf(await post('/api/auth/activate', { email, code }));
    const conversation = await post('/api/conversation/create', {}, `access=${access}`);
    const conversationId = (await conversation.json()).pk;

    const idle = await health(base);
    const rssBefore = await rssMb(child.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(async () => {
      rssPeak = Math.max(rssPeak, await rssMb(child.pid).catch(() => 0));
    }, 100);
    const measured = health(base);
    const uploads = await Promise.all(
      Array.from({ length: UPLOADERS }, (_, i) =>
        uploadLoop({
          base,
          access,
          conversationId,
          files: [...files.slice(i), ...files.slice(0, i)],
          until: measured,
        }),
      ),
    );
    clearInterval(sampler);
    const answers = {};
    for (const counts of uploads) {
      for (const [key, count] of Object.entries(counts)) answers[key] = (answers[key] ?? 0) + count;
    }
    return {
      files: Object.fromEntries(files.map(([name, bytes]) => [name, bytes.length])),
      concurrent_uploaders: UPLOADERS,
      health_connections: HEALTH_CONNECTIONS,
      health_idle: idle,
      health_during_uploads: await measured,
      upload_answers: answers,
      server_rss_mb: { before: rssBefore, peak: rssPeak, after: await rssMb(child.pid) },
      target: { health_latency_p99_ms_max: 100 },
    };
  } finally {
    await stop(child);
  }
}
