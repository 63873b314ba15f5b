import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { enqueueJob } from '../src/platform/jobs/job-queue';
import { MAIL_SEND_JOB } from '../src/platform/mail/mail-queue';
import { chatHarnessForFile, sendFrame, signedInTab } from './chat-harness';
import { streamOpenAiAnswer } from './llm-upstreams';

const TOKEN = 'metrics-token-for-tests-0123';
const h = chatHarnessForFile({ METRICS_TOKEN: TOKEN });

/** A machine elsewhere (documentation range): only the token lets it in. */
const ELSEWHERE = '203.0.113.50';

const scrape = (options: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  h.t.app.inject({ method: 'GET', url: '/api/metrics', ...options });

async function metricsText(): Promise<string> {
  const res = await scrape({
    remoteAddress: ELSEWHERE,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** The value of the sample of `name` whose labels include `labels`, if there is one. */
function sampleOf(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

/** The sum of the samples of `name` whose labels include `labels`. */
function sumOf(
  text: string,
  name: string,
  labels: Record<string, string>,
  skip?: [string, string],
) {
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\{(.*)\} (\S+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const found = Object.fromEntries(
      [...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]),
    );
    const wanted = Object.entries(labels).every(([key, value]) => found[key] === value);
    if (wanted && !(skip && found[skip[0]] === skip[1])) sum += Number(match[3]);
  }
  return sum;
}

describe('GET /api/metrics access', () => {
  it('answers anyone elsewhere without the token as a route that does not exist', async () => {
    const missing = await h.t.app.inject({ url: '/api/no-such-route', remoteAddress: ELSEWHERE });
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await scrape({ remoteAddress: ELSEWHERE, headers });
      expect([res.statusCode, res.json()]).toEqual([404, { detail: 'not_found' }]);
      expect(res.headers['content-type']).toBe(missing.headers['content-type']);
    }
  });

  it('answers the bearer of the token with the Prometheus text', async () => {
    const res = await scrape({
      remoteAddress: ELSEWHERE,
      headers: { authorization: `bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'themis_http_requests_total',
      'themis_http_request_duration_seconds',
      'themis_websockets_open',
      'themis_chat_live_answers',
      'themis_llm_tokens_total',
      'themis_jobs',
      'themis_mail_queue_depth',
      'themis_db_pool_connections',
      'themis_db_pool_idle',
      'themis_db_pool_waiting',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
  });

  it('answers this machine without a token, unless a proxy forwarded the request', async () => {
    // inject's peer address is 127.0.0.1 unless told.
    expect((await scrape()).statusCode).toBe(200);
    for (const remoteAddress of ['::1', '::ffff:127.0.0.1']) {
      expect((await scrape({ remoteAddress })).statusCode).toBe(200);
    }
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const res = await scrape({ headers: { [header]: '198.51.100.7' } });
      expect([header, res.statusCode, res.json()]).toEqual([header, 404, { detail: 'not_found' }]);
    }
    // The token still opens it to a proxied scraper.
    const proxied = await scrape({
      headers: { 'x-forwarded-for': '198.51.100.7', authorization: `Bearer ${TOKEN}` },
    });
    expect(proxied.statusCode).toBe(200);
  });

  it('is described in the API documentation as text', async () => {
    const doc = (await h.t.app.inject('/api/docs/json')).json();
    expect(Object.keys(doc.paths['/api/metrics'].get.responses['200'].content)).toEqual([
      'text/plain',
    ]);
  });
});

describe('GET /api/metrics content', () => {
  it('counts requests by route pattern, never by the URL asked for', async () => {
    const { client, conversationPk, tab } = await signedInTab(h);
    tab.close();
    expect((await client.get(`/api/conversation/get/${conversationPk}`)).statusCode).toBe(200);
    const secretPath = '/api/nothing-here/b0b7c5e2-secret';
    expect((await client.get(secretPath)).statusCode).toBe(404);

    const text = await metricsText();
    const route = '/api/conversation/get/:pk';
    expect(
      sampleOf(text, 'themis_http_requests_total', { method: 'GET', route, status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, 'themis_http_request_duration_seconds_count', { route, status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sampleOf(text, 'themis_http_requests_total', { route: 'unmatched', status_code: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(conversationPk);
    expect(text).not.toContain('b0b7c5e2-secret');
    expect(text).not.toContain('route="/api/metrics"');
  });

  it('shows the open sockets, the answers being streamed and the tokens they used', async () => {
    // The earlier test's tab closed from the client's side: the server counts it gone a moment later.
    const openSockets = async () => sampleOf(await metricsText(), 'themis_websockets_open');
    await expect.poll(openSockets).toBe(0);
    const { tab, conversationPk } = await signedInTab(h);
    const withTab = await metricsText();
    expect(sampleOf(withTab, 'themis_websockets_open')).toBe(1);
    expect(sampleOf(withTab, 'themis_chat_live_answers')).toBe(0);

    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Half '], then: 'hang' }),
    );
    tab.send(sendFrame(conversationPk));
    await tab.next('chat.delta');
    expect(sampleOf(await metricsText(), 'themis_chat_live_answers')).toBe(1);
    tab.send({ type: 'chat.stop', conversation_pk: conversationPk });
    await tab.next('chat.done');
    expect(sampleOf(await metricsText(), 'themis_chat_live_answers')).toBe(0);

    const provider = { direction: 'input', source: 'provider' };
    const inputBefore = sampleOf(await metricsText(), 'themis_llm_tokens_total', provider) ?? 0;
    h.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Whole.'], usage: { input: 42, output: 7 } }),
    );
    tab.send(sendFrame(conversationPk));
    expect((await tab.next('chat.done')).message.status).toBe('complete');
    const after = await metricsText();
    expect(sampleOf(after, 'themis_llm_tokens_total', provider)).toBe(inputBefore + 42);
    expect(
      sampleOf(after, 'themis_llm_tokens_total', { direction: 'output', source: 'provider' }),
    ).toBeGreaterThanOrEqual(7);
    // The stopped answer's tokens were estimated: the provider reported none.
    expect(
      sampleOf(after, 'themis_llm_tokens_total', { direction: 'output', source: 'estimate' }),
    ).toBeGreaterThan(0);
    tab.close();
  });

  it('reads the job queue and the e-mails waiting in it from the database', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000);
    const mail = { to: 'queued@example.com', subject: 'S', text: 'T', html: '<p>T</p>' };
    await enqueueJob(h.t.database.db, { type: MAIL_SEND_JOB, payload: mail, runAt: inAnHour });
    const failed = await enqueueJob(h.t.database.db, {
      type: MAIL_SEND_JOB,
      payload: mail,
      runAt: inAnHour,
    });
    await h.t.database.db.update(jobs).set({ failedAt: new Date() }).where(eq(jobs.id, failed));

    const text = await metricsText();
    const mailJobs = { type: MAIL_SEND_JOB };
    expect(
      sampleOf(text, 'themis_jobs', { ...mailJobs, state: 'scheduled' }),
    ).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'themis_jobs', { ...mailJobs, state: 'failed' })).toBeGreaterThanOrEqual(
      1,
    );
    // Waiting or being sent; the given-up one is not waiting.
    expect(sampleOf(text, 'themis_mail_queue_depth')).toBe(
      sumOf(text, 'themis_jobs', mailJobs, ['state', 'failed']),
    );
    expect(sampleOf(text, 'themis_mail_queue_depth')).toBeGreaterThanOrEqual(1);
  });

  it("shows the database pool of this instance's database", async () => {
    const text = await metricsText();
    const database = { database: h.t.database.kind };
    expect(sampleOf(text, 'themis_db_pool_connections', database)).toBeGreaterThanOrEqual(1);
    expect(sampleOf(text, 'themis_db_pool_idle', database)).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'themis_db_pool_waiting', database)).toBeGreaterThanOrEqual(0);
    expect(sampleOf(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });
});
