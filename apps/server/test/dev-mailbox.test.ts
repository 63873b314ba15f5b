import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { devOutbox } from '../src/db/schema';
import { createTestApp, type TestApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(devOutbox);
});

const mailbox = async (query = '') => {
  const res = await t.app.inject(`/dev/mailbox.json${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { to: string; subject: string; text: string; created_at: string }[];
};

const storeMessages = (messages: { to: string; subject: string; secondsAgo: number }[]) =>
  t.database.db.insert(devOutbox).values(
    messages.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: `text of ${m.subject}`,
      html: `<p>${m.subject}</p>`,
      createdAt: new Date(Date.now() - m.secondsAgo * 1000),
    })),
  );

describe('the development mailbox', () => {
  it('shows what the running worker delivered, newest first, with the code readable', async () => {
    await t.app.mail.queue({
      to: 'first@example.com',
      language: 'en',
      template: { kind: 'verification_code', purpose: 'USER_ACTIVATION', code: '135790' },
    });
    // No runDueJobs here: the app's own worker, started when the app was ready, sends it.
    await vi.waitFor(async () => expect(await mailbox()).toHaveLength(1), { timeout: 10_000 });
    await t.app.mail.queue({
      to: 'second@example.com',
      language: 'pl',
      template: { kind: 'password_reset', link: 'http://localhost:5173/reset?token=t0k' },
    });
    await t.app.jobs.runDueJobs();

    const [newest, oldest] = await mailbox();
    expect(newest).toMatchObject({
      to: 'second@example.com',
      subject: 'Ustaw nowe hasło do Themis',
    });
    expect(newest!.text).toContain('http://localhost:5173/reset?token=t0k');
    expect(oldest).toMatchObject({
      to: 'first@example.com',
      subject: 'Your Themis account activation code',
      html: expect.stringContaining('135790'),
    });
    expect(oldest!.text).toContain('135790');
    expect(Date.parse(newest!.created_at)).toBeGreaterThanOrEqual(Date.parse(oldest!.created_at));
  });

  it('logs the recipient and subject of each stored e-mail, never its body', async () => {
    const before = t.logs.length;
    await t.app.mail.queue({
      to: 'logged@example.com',
      language: 'en',
      template: { kind: 'verification_code', purpose: 'USER_DELETE', code: '864209' },
    });
    await t.app.jobs.runDueJobs();
    const lines = t.logs.slice(before).filter((line) => line.includes('logged@example.com'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Your Themis account deletion code');
    expect(t.logs.join('\n')).not.toContain('864209');
  });

  it('filters by recipient, exactly and ignoring case', async () => {
    await storeMessages([
      { to: 'Ana@Example.com', subject: 'one', secondsAgo: 3 },
      { to: 'bob@example.com', subject: 'two', secondsAgo: 2 },
      { to: 'ana@example.com.evil', subject: 'three', secondsAgo: 1 },
    ]);
    expect((await mailbox('?to=ANA@example.COM')).map((m) => m.subject)).toEqual(['one']);
    expect(await mailbox('?to=nobody@example.com')).toEqual([]);
    expect(await mailbox('?to=')).toHaveLength(3);
  });

  it('lists the newest 50 messages', async () => {
    await storeMessages(
      Array.from({ length: 55 }, (_, i) => ({
        to: 'many@example.com',
        subject: `m${i}`,
        secondsAgo: i,
      })),
    );
    const listed = await mailbox();
    expect(listed).toHaveLength(50);
    expect(listed[0]!.subject).toBe('m0');
    expect(listed[49]!.subject).toBe('m49');
  });

  it('serves an HTML page with everything escaped and no script', async () => {
    await t.database.db.insert(devOutbox).values({
      to: 'x"y@example.com',
      subject: '<script>alert(1)</script>',
      text: 'code <b>123456</b> & more',
      html: '<p>ignored</p>',
    });
    const res = await t.app.inject('/dev/mailbox?to=');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('code &lt;b&gt;123456&lt;/b&gt; &amp; more');
    expect(res.body).toContain('x&quot;y@example.com');
    expect(res.body).not.toMatch(/<script/i);

    const filtered = await t.app.inject('/dev/mailbox?to=%22%3E%3Cscript%3E');
    expect(filtered.body).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(filtered.body).not.toMatch(/<script/i);
  });
});

describe('the development mailbox when it must not exist', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'themis-mailbox-'));
    await writeFile(
      join(dist, 'index.html'),
      '<!doctype html><html><head></head><body>SPA</body></html>',
    );
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  const expectGone = async (app: TestApp) => {
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox.json',
      '/dev/mailbox.json?to=',
      '/dev/mailbox?to=a',
    ]) {
      const res = await app.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: 'not_found' });
    }
  };

  it('answers 404 in production, even where the SPA would answer any page', async () => {
    const production = await createTestApp({
      env: { NODE_ENV: 'production', CONTACT_EMAIL: 'pomoc@kancelaria.pl' },
      webDistDir: dist,
    });
    try {
      expect((await production.app.inject('/some/page')).body).toContain('SPA');
      await expectGone(production);
    } finally {
      await production.close();
    }
  });

  it('answers 404 when e-mail goes out over SMTP', async () => {
    const smtp = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:2525' },
      webDistDir: dist,
    });
    try {
      await expectGone(smtp);
    } finally {
      await smtp.close();
    }
  });
});
