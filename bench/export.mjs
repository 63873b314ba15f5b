// Exporting a conversation of 200 messages (markdown answers with a heading, a list, a table
// and citations) to DOCX, PDF and Markdown: how long each file takes, request to last byte,
// and how long the health check answers while PDFs are being made, against the same check
// idle (an export must hold no other request back). On the embedded database. Reports;
// never asserts.
import { loadavg } from 'node:os';
import { activatedAccount, databaseSide } from './seeding.mjs';

const RUNS = 8;
const TARGET_MS = { docx: 1000, pdf: 2000 };

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (value) => Math.round(value * 10) / 10;
const summary = (values) => ({
  p50: round(percentile(values, 50)),
  p99: round(percentile(values, 99)),
  max: round(Math.max(...values)),
});

async function timedExport(base, account, format) {
  const started = performance.now();
  const res = await fetch(
    `${base}/api/conversation/export/${account.conversation}?format=${format}&time_zone=Europe/Warsaw`,
    { headers: { cookie: `access=${account.access}` } },
  );
  const bytes = (await res.arrayBuffer()).byteLength;
  if (!res.ok) throw new Error(`export ${format}: ${res.status}`);
  return { ms: performance.now() - started, bytes };
}

/** Health answers every 10 ms while `busy` runs, or for `ms` when it is a number. */
async function healthLatency(base, busy) {
  const samples = [];
  let done = false;
  const work = typeof busy === 'number' ? new Promise((r) => setTimeout(r, busy)) : busy();
  void work.then(() => (done = true));
  while (!done) {
    const started = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    samples.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  await work;
  return { samples: samples.length, ...summary(samples) };
}

export async function measureExport(helpers, dataDir) {
  const { timeToReady, stop, base } = helpers;
  const load = loadavg().map((value) => Math.round(value * 100) / 100);
  // The limit is 10 files a minute per user: one account per format, one for the health checks.
  const labels = ['docx', 'pdf', 'md', 'busy'];
  const accounts = {};
  const first = await timeToReady(dataDir);
  try {
    for (const label of labels) {
      const account = await activatedAccount(helpers, `export-${label}`);
      const res = await fetch(`${base}/api/conversation/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `access=${account.access}` },
        body: JSON.stringify({ name: 'Najem lokalu – wypowiedzenie' }),
      });
      accounts[label] = { ...account, conversation: (await res.json()).pk };
    }
  } finally {
    await stop(first.child);
  }
  const seeded = await databaseSide('bench/export-db.mjs', 'seed', {
    DATA_DIR: dataDir,
    CONVERSATIONS: labels.map((l) => `${accounts[l].conversation}:${accounts[l].userId}`).join(','),
  });
  const { child } = await timeToReady(dataDir);
  try {
    const files = {};
    for (const format of ['docx', 'pdf', 'md']) {
      await timedExport(base, accounts[format], format);
      const runs = [];
      for (let run = 0; run < RUNS; run++)
        runs.push(await timedExport(base, accounts[format], format));
      files[format] = { ...summary(runs.map((r) => r.ms)), kb: Math.round(runs[0].bytes / 1024) };
    }
    const idle = await healthLatency(base, 1500);
    const busy = async (format) =>
      healthLatency(base, async () => {
        for (let run = 0; run < 3; run++) await timedExport(base, accounts.busy, format);
      });
    const duringPdf = await busy('pdf');
    const duringDocx = await busy('docx');
    return {
      measured_at: new Date().toISOString(),
      load_average_at_start: load,
      setup:
        'Four accounts sign up through the API; with the server stopped SQL gives each a ' +
        'conversation of 200 messages (questions, and answers of about 500 characters with a ' +
        `heading, a list, a two-column table and four citations). One warm-up, then ${RUNS} ` +
        'exports in a row per format, timed from request to last byte; then /api/health every ' +
        '10 ms for 1.5 s idle, while 3 PDFs are made one after another, and while 3 DOCX files are.',
      seeded,
      ms_200_messages: files,
      health_ms: { idle, during_pdf_exports: duringPdf, during_docx_exports: duringDocx },
      targets: {
        docx_under_ms: TARGET_MS.docx,
        pdf_under_ms: TARGET_MS.pdf,
        docx_met: files.docx.p99 < TARGET_MS.docx,
        pdf_met: files.pdf.p99 < TARGET_MS.pdf,
      },
    };
  } finally {
    await stop(child);
  }
}
