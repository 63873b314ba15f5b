import { readFile } from 'node:fs/promises';
import { chromium, type Browser as Chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../scripts/chromium.mjs';
import {
  eventually,
  HELD_TEXT,
  holdAnswers,
  newConversation,
  signedUpBrowser,
} from './cluster-client';
import { startCluster, type Cluster, type Instance } from './cluster';

// What a reader sees in Chromium when the instance writing the answer is killed: the page,
// served through nginx, keeps what was written and shows the answer ended as an error once
// the surviving instance's sweeper ends it. Which instance writes is read off their metrics.

let cluster: Cluster;
let chromiumBrowser: Chromium;
let release: () => void = () => undefined;

beforeAll(async () => {
  [cluster, chromiumBrowser] = await Promise.all([
    startCluster(),
    chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
  ]);
});
afterAll(async () => {
  release();
  await chromiumBrowser?.close();
  await cluster?.close();
});

/** The instance whose metrics count a live answer (the one writing it). */
async function writingInstance(): Promise<Instance> {
  let writer: Instance | undefined;
  await eventually(async () => {
    for (const instance of cluster.instances) {
      const metrics = await (await fetch(`${instance.url}/api/metrics`)).text();
      if (/^themis_chat_live_answers 1$/m.test(metrics)) writer = instance;
    }
    return writer !== undefined;
  }, 'an instance writing the answer');
  return writer!;
}

async function errorText(): Promise<string> {
  const path = new URL('../../../web/src/locales/en/errors.json', import.meta.url);
  const errors = JSON.parse(await readFile(path, 'utf8')) as { codes: Record<string, string> };
  return errors.codes.message_generating_error!;
}

async function signedInPage(): Promise<{ page: Page; conversationPk: string }> {
  const { browser } = await signedUpBrowser(cluster);
  const named = await browser.call('PUT', '/api/user/update', { name: 'Anna', surname: 'Nowak' });
  expect(named.status, named.text).toBe(200);
  const conversationPk = await newConversation(browser);
  const context = await chromiumBrowser.newContext({ baseURL: cluster.url, locale: 'en-US' });
  // The session's cookies as the server set them: the refresh token only for /api/auth.
  const domain = new URL(cluster.url).hostname;
  await context.addCookies([
    { name: 'access', value: browser.cookie('access')!, domain, path: '/' },
    { name: 'refresh', value: browser.cookie('refresh')!, domain, path: '/api/auth' },
  ]);
  const page = await context.newPage();
  await page.goto(`/chat/${conversationPk}`);
  return { page, conversationPk };
}

it('shows the answer of a killed instance ended as an error, with what it wrote', async () => {
  release = holdAnswers(cluster);
  const { page } = await signedInPage();
  const input = page.getByTestId('chat-input');
  await input.fill('Can my landlord keep the deposit?');
  await input.press('Enter');
  const answer = page.getByRole('article').filter({ hasText: HELD_TEXT.trim() });
  await expect.poll(() => answer.count(), { timeout: 30_000 }).toBe(1);

  const writer = await writingInstance();
  writer.process.kill('SIGKILL');
  await writer.exited();

  // The survivor's sweeper ends an answer not written for 15 s (it looks every 5 s); the tab,
  // on the survivor already or reconnected to it through nginx, is told.
  const failed = page.getByRole('article').filter({ hasText: await errorText() });
  await expect.poll(() => failed.count(), { timeout: 90_000 }).toBe(1);
  expect(await failed.textContent()).toContain(HELD_TEXT.trim());
  expect(await page.getByTestId('streaming-cursor').count()).toBe(0);

  // A reload shows the same, from the database.
  await page.reload();
  await expect.poll(() => failed.count(), { timeout: 30_000 }).toBe(1);
  expect(await failed.textContent()).toContain(HELD_TEXT.trim());
});
