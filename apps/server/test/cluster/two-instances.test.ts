import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../accounts';
import { pdfWithText } from '../attachment-files';
import { streamOpenAiAnswer } from '../llm-upstreams';
import {
  Browser,
  eventually,
  holdAnswers,
  newConversation,
  question,
  signedUpBrowser,
  untilAnswerSaved,
} from './cluster-client';
import { startCluster, type Cluster } from './cluster';

// Two instances behind nginx with no sticky sessions, on PostgreSQL, Redis and S3: whatever
// one instance starts, the other sees and can end; limits, sessions and maintenance hold
// across both.

const run = promisify(execFile);
const CLI = join(resolve(import.meta.dirname, '..', '..'), 'dist', 'cli.js');

let cluster: Cluster;
let release: () => void = () => undefined;

beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  release();
  await cluster?.close();
});

describe('two instances behind nginx', () => {
  it('serve one site: signing up, files on S3 and the chat through the proxy', async () => {
    const { browser } = await signedUpBrowser(cluster);
    const conversationPk = await newConversation(browser);
    // Every call goes through nginx, which alternates between the instances: each answers.
    for (let call = 0; call < 4; call += 1) {
      const list = await browser.call('GET', '/api/conversation/list');
      expect(list.status, list.text).toBe(200);
    }
    for (const instance of cluster.instances) {
      const metrics = await (await fetch(`${instance.url}/api/metrics`)).text();
      const answered = metrics
        .split('\n')
        .filter((line) => line.startsWith('themis_http_requests_total{'))
        .filter((line) => line.includes('route="/api/conversation/list"'))
        .reduce((total, line) => total + Number(line.split(' ').at(-1)), 0);
      expect([instance.name, answered > 0]).toEqual([instance.name, true]);
    }
    // A file uploaded through nginx lands in S3, and its text reaches the model.
    const form = new FormData();
    form.append('file', new Blob([pdfWithText(['CLAUSE-7 deposit'])]), 'umowa.pdf');
    const upload = await fetch(
      `${cluster.url}/api/conversation/attachment/upload/${conversationPk}`,
      {
        method: 'POST',
        headers: { origin: cluster.url, cookie: `access=${browser.cookie('access')}` },
        body: form,
      },
    );
    expect(upload.status, await upload.clone().text()).toBe(201);
    const attachment = (await upload.json()) as { pk: string };
    expect((await cluster.s3.keys(cluster.bucket)).length).toBeGreaterThan(0);

    let modelSaw = '';
    cluster.answerWith((request, res) => {
      modelSaw = JSON.stringify(request.body);
      return streamOpenAiAnswer(request, res, { deltas: ['Art. 6 ', 'k.c.'] });
    });
    const tab = await browser.socket();
    tab.send({ ...question(conversationPk), attachment_pks: [attachment.pk] });
    const done = await tab.next('chat.done', undefined, 30_000);
    expect(done.message).toMatchObject({ status: 'complete', content: 'Art. 6 k.c.' });
    expect(modelSaw).toContain('CLAUSE-7');
    tab.close();
  });

  it('lets a tab on the other instance follow an answer and stop it', async () => {
    release = holdAnswers(cluster);
    const { browser } = await signedUpBrowser(cluster);
    const conversationPk = await newConversation(browser);
    const [first, second] = cluster.instances;
    const asking = await browser.socket(first!.url);
    const following = await browser.socket(second!.url);
    asking.send(question(conversationPk));
    const accepted = await asking.next('chat.accepted', undefined, 30_000);
    await asking.next('chat.delta', undefined, 30_000);

    // The other instance knows the answer from what the writer saves (every 250 ms), as a
    // reload there would; the second tab catches up from that, then follows.
    await untilAnswerSaved(browser, conversationPk, second!.url);
    following.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
    const caughtUp = await following.next('chat.delta', undefined, 30_000);
    expect(caughtUp.message_pk).toBe(accepted.answer.pk);
    following.send({ type: 'chat.stop', conversation_pk: conversationPk });

    const ended = await asking.next('chat.done', undefined, 30_000);
    expect(ended.message).toMatchObject({ status: 'cancelled', content: 'Zaczynam odpowiedź. ' });
    const seen = await following.next('chat.done', undefined, 30_000);
    expect(seen.message.status).toBe('cancelled');
    asking.close();
    following.close();
  });

  it('counts password attempts on both instances against one limit', async () => {
    const { email } = await signedUpBrowser(cluster);
    const [first, second] = cluster.instances;
    const statuses: number[] = [];
    // The per-account limit is 10 in 15 minutes: the eleventh is refused, wherever it lands.
    // Each attempt from another address (nginx forwards it), so only the account's counts.
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const instance = attempt % 2 === 0 ? first! : second!;
      const res = await new Browser(cluster).call(
        'POST',
        '/api/auth/login',
        { email, password: `${PASSWORD}-wrong` },
        instance.url,
        { 'x-forwarded-for': `198.51.100.${attempt + 1}` },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });

  it("closes a signed-out session's socket on the other instance", async () => {
    const { browser } = await signedUpBrowser(cluster);
    const [first, second] = cluster.instances;
    const tab = await browser.socket(second!.url);
    const out = await browser.call('POST', '/api/auth/logout', {}, first!.url);
    expect(out.status, out.text).toBeLessThan(300);
    expect(await tab.closed).toBeGreaterThan(0);
  });

  it('unlocks an encryption key on one instance for the answers written on the other', async () => {
    const { browser, email } = await signedUpBrowser(cluster);
    await run(process.execPath, [CLI, 'user', 'set-plan', email, 'pro'], {
      env: { ...process.env, DATABASE_URL: cluster.databaseUrl },
    });
    const [first, second] = cluster.instances;
    const secrets = await browser.call(
      'POST',
      '/api/user/create-encryption-secrets',
      { encryption_key_type: 'PIN', encryption_key: '482913' },
      first!.url,
    );
    expect(secrets.status, secrets.text).toBe(200);
    const enabled = await browser.call('POST', '/api/user/enable-encryption', {}, first!.url);
    expect(enabled.status, enabled.text).toBe(200);

    const conversationPk = await newConversation(browser);
    cluster.answerWith((request, res) =>
      streamOpenAiAnswer(request, res, { deltas: ['Tajemnica ', 'adwokacka.'] }),
    );
    const tab = await browser.socket(second!.url);
    tab.send(question(conversationPk, 'Czy rozmowa jest poufna?'));
    const done = await tab.next('chat.done', undefined, 30_000);
    expect(done.message).toMatchObject({ status: 'complete', content: 'Tajemnica adwokacka.' });
    tab.close();
    // Sealed at rest, and opened on either instance with the key unlocked on the first.
    const stored = await cluster.query(
      'SELECT content, sealed FROM messages WHERE conversation_id = $1 ORDER BY seq',
      [conversationPk],
    );
    expect(stored.map((row) => row.sealed)).toEqual([true, true]);
    expect(JSON.stringify(stored)).not.toContain('Tajemnica');
    for (const instance of cluster.instances) {
      const page = await browser.call(
        'GET',
        `/api/conversation/messages/${conversationPk}`,
        undefined,
        instance.url,
      );
      const contents = (page.json().items as { content: string }[]).map((m) => m.content);
      expect(contents).toEqual(['Czy rozmowa jest poufna?', 'Tajemnica adwokacka.']);
    }
  });

  it('goes into maintenance on every instance when the operator says so', async () => {
    const env = { ...process.env, DATABASE_URL: cluster.databaseUrl };
    await run(process.execPath, [CLI, 'maintenance', 'on'], { env });
    try {
      for (const instance of cluster.instances) {
        await eventually(async () => {
          const res = await fetch(`${instance.url}/api/conversation/list`);
          return res.status === 503;
        }, `${instance.name} in maintenance`);
      }
      // Through nginx every call gets the instances' own 503 and body, which the web app turns
      // into the maintenance page: nginx neither retries it on the other instance nor counts
      // it as a failure (which would leave it no instance and answer its own 502).
      for (let call = 0; call < 4; call += 1) {
        const res = await fetch(`${cluster.url}/api/conversation/list`);
        expect([call, res.status, await res.text()]).toEqual([
          call,
          503,
          JSON.stringify({ detail: 'service_under_maintenance' }),
        ]);
      }
    } finally {
      await run(process.execPath, [CLI, 'maintenance', 'off'], { env });
    }
    for (const instance of cluster.instances) {
      await eventually(async () => {
        const res = await fetch(`${instance.url}/api/conversation/list`);
        return res.status !== 503;
      }, `${instance.name} out of maintenance`);
    }
  });
});
