import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  eventually,
  holdAnswers,
  newConversation,
  question,
  signedUpBrowser,
  untilAnswerSaved,
  type Browser,
} from './cluster-client';
import { startCluster, type Cluster, type Instance } from './cluster';

// An instance lost while it writes an answer: killed (SIGKILL), the answer is ended by the
// sweeper of a surviving instance, or of the only one once restarted, as an error with what
// was written kept, and the tabs are told; stopped (SIGTERM), it takes no new answers, lets
// the tabs reconnect elsewhere and finishes what it writes within its grace period.

let cluster: Cluster;
let release: () => void = () => undefined;

beforeAll(async () => {
  cluster = await startCluster();
});
afterAll(async () => {
  release();
  await cluster?.close();
});
beforeEach(async () => {
  // Every test starts with both instances up.
  for (const instance of cluster.instances) {
    if (instance.process.exitCode !== null || instance.process.signalCode !== null) {
      await instance.restart();
    }
  }
});

/** The answer of the conversation as `base` serves it. */
async function storedAnswer(browser: Browser, conversationPk: string, base: string) {
  const page = await browser.call(
    'GET',
    `/api/conversation/messages/${conversationPk}`,
    undefined,
    base,
  );
  const items = page.json().items as { role: string; status: string; content: string }[];
  return items.find((message) => message.role === 'assistant');
}

/** A signed-in user asking on `writer`, with a second tab following on `follower`. */
async function answerBeingWritten(writer: Instance, follower: Instance) {
  release = holdAnswers(cluster);
  const { browser } = await signedUpBrowser(cluster);
  const conversationPk = await newConversation(browser);
  const asking = await browser.socket(writer.url);
  asking.send(question(conversationPk));
  await asking.next('chat.accepted', undefined, 30_000);
  await untilAnswerSaved(browser, conversationPk, follower.url);
  const following = await browser.socket(follower.url);
  following.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
  await following.next('chat.delta', undefined, 30_000);
  return { browser, conversationPk, asking, following };
}

describe('an instance killed while it writes an answer', () => {
  it('leaves the answer to a survivor, which ends it as an error with its text', async () => {
    const [writer, survivor] = cluster.instances as [Instance, Instance];
    const { browser, conversationPk, following } = await answerBeingWritten(writer, survivor);
    writer.process.kill('SIGKILL');
    await writer.exited();

    // The survivor's sweeper takes an answer not written for 15 s; it checks every 5 s.
    const done = await following.next('chat.done', undefined, 60_000);
    expect(done.message).toMatchObject({
      status: 'error',
      error_code: 'message_generating_error',
      content: 'Zaczynam odpowiedź. ',
    });
    expect(await storedAnswer(browser, conversationPk, survivor.url)).toMatchObject({
      status: 'error',
      content: 'Zaczynam odpowiedź. ',
    });
    following.close();
  });

  it('is ended the same way when the only instance starts again', async () => {
    const [only, other] = cluster.instances as [Instance, Instance];
    other.process.kill('SIGKILL');
    await other.exited();
    release = holdAnswers(cluster);
    const { browser } = await signedUpBrowser(cluster);
    const conversationPk = await newConversation(browser);
    const asking = await browser.socket(only.url);
    asking.send(question(conversationPk));
    await asking.next('chat.accepted', undefined, 30_000);
    await untilAnswerSaved(browser, conversationPk, only.url);
    only.process.kill('SIGKILL');
    await only.exited();
    expect(await asking.closed).toBe(1006);

    await only.restart();
    // The asking tab, cut off, reconnects and follows the conversation again: it catches up
    // from what was saved, and is told when the restarted instance's sweeper ends the answer
    // (15 s after its last save).
    const reconnected = await browser.socket(only.url);
    reconnected.send({ type: 'chat.subscribe', conversation_pk: conversationPk, from_offset: 0 });
    const caughtUp = await reconnected.next('chat.delta', undefined, 30_000);
    expect(caughtUp.text).toBe('Zaczynam odpowiedź. ');
    const done = await reconnected.next('chat.done', undefined, 60_000);
    expect(done.message).toMatchObject({
      status: 'error',
      error_code: 'message_generating_error',
      content: 'Zaczynam odpowiedź. ',
    });
    reconnected.close();
    await eventually(
      async () => (await storedAnswer(browser, conversationPk, only.url))?.status === 'error',
      'the answer ended after the restart',
    );
    expect(await storedAnswer(browser, conversationPk, only.url)).toMatchObject({
      content: 'Zaczynam odpowiedź. ',
    });
  });
});

describe('an instance stopped with SIGTERM', () => {
  it('finishes the answer it writes while the tabs move on, and takes no new one', async () => {
    const [stopping, staying] = cluster.instances as [Instance, Instance];
    const { browser, conversationPk, asking, following } = await answerBeingWritten(
      stopping,
      staying,
    );
    stopping.process.kill('SIGTERM');
    // Its tabs are told to reconnect (to the other instance, through the proxy).
    expect(await asking.closed).toBe(1012);

    // A question reaching it now is refused, so the browser asks elsewhere.
    const late = await browser.socket(stopping.url);
    late.send(question(await newConversation(browser)));
    const refused = await late.next('error', undefined, 30_000);
    expect(refused.detail).toBe('service_unavailable');
    late.close();

    release();
    const done = await following.next('chat.done', undefined, 30_000);
    expect(done.message).toMatchObject({
      status: 'complete',
      content: 'Zaczynam odpowiedź. Koniec.',
    });
    expect(await stopping.exited()).toBe(0);
    expect(await storedAnswer(browser, conversationPk, staying.url)).toMatchObject({
      status: 'complete',
    });
    following.close();
  });

  it('ends what is still being written at the end of its grace, text kept', async () => {
    const [stopping, staying] = cluster.instances as [Instance, Instance];
    const { browser, conversationPk, following } = await answerBeingWritten(stopping, staying);
    stopping.process.kill('SIGTERM');
    // The model never finishes: after 20 s the instance gives up on the answer and exits.
    const done = await following.next('chat.done', undefined, 60_000);
    expect(done.message).toMatchObject({ status: 'error', content: 'Zaczynam odpowiedź. ' });
    expect(await stopping.exited()).toBe(0);
    expect(await storedAnswer(browser, conversationPk, staying.url)).toMatchObject({
      status: 'error',
    });
    following.close();
  });
});
