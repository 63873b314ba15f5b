import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  applyVariant,
  interpolate,
  signUpThroughApi,
  textsOf,
  type Language,
  type Variant,
} from './accounts';
import {
  E2E_ANSWER_END,
  E2E_LLM_MODEL,
  E2E_LLM_MODEL_NAME,
  E2E_LLM_PORT,
  E2E_LONG_ANSWER_LINES,
  E2E_LONG_QUESTION_MARK,
  E2E_RICH_ANSWER_ROWS,
  E2E_RICH_QUESTION_MARK,
} from './env';
import { inList, showInList } from './chat-list';
import { expect, expectAccessible, test } from './fixtures';

// The conversation follows a streaming answer longer than the screen while the reader is at
// its end, lets go when they scroll up, offers the jump back, and shows what another tab of
// the same user asks. The provider holds the long answer open until the test releases it.

function jumpLabel(language: Language): string {
  const path = join(import.meta.dirname, '..', 'apps', 'web', 'src', 'locales', language);
  const chat = JSON.parse(readFileSync(join(path, 'chat.json'), 'utf8')) as {
    conversation: { jumpToLatest: string };
  };
  return chat.conversation.jumpToLatest;
}

let holds = 0;
/** A question whose long answer waits, after its first lines, for `release()`. */
function heldQuestion() {
  holds += 1;
  const key = `${Date.now().toString(36)}-${holds}`;
  return {
    question: `Explain ${E2E_LONG_QUESTION_MARK} how notice works, hold-${key}`,
    release: () =>
      fetch(`http://127.0.0.1:${E2E_LLM_PORT}/test/release/${key}`, { method: 'POST' }),
  };
}

async function openChatWithTestModel(page: Page) {
  await page.context().addInitScript((model) => {
    window.localStorage.setItem('themis.chat.model', model);
  }, `openai:${E2E_LLM_MODEL}`);
  await page.goto('/chat');
  // Until the models are known the question box does not send.
  await expect(page.getByRole('button', { name: E2E_LLM_MODEL_NAME })).toBeVisible();
}

async function ask(page: Page, question: string) {
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-input').press('Enter');
}

const lineOf = (page: Page, line: number) => page.getByText(`Line ${line} of the answer.`);
const scroller = (page: Page) => page.getByRole('log').getByTestId('virtuoso-scroller');

test.describe('following a streaming answer', () => {
  test('stays at the end, lets go on scrolling up, jumps back, and sees another tab', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpThroughApi(page);
    await openChatWithTestModel(page);
    const jump = page.getByRole('button', { name: jumpLabel('en') });

    const held = heldQuestion();
    await ask(page, held.question);
    await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
    // The last line written so far is in view with no scrolling by the test, although the
    // answer is far taller than the screen.
    await expect(lineOf(page, E2E_LONG_ANSWER_LINES)).toBeInViewport();
    const { scrollHeight, clientHeight } = await scroller(page).evaluate((element) => ({
      scrollHeight: element.scrollHeight,
      clientHeight: element.clientHeight,
    }));
    expect(scrollHeight).toBeGreaterThan(2 * clientHeight);
    await expect(lineOf(page, 1)).not.toBeInViewport();
    await expect(jump).toBeHidden();

    // Scrolling up while the answer is still being written stops the following.
    await scroller(page).hover();
    await page.mouse.wheel(0, -1200);
    await expect(jump).toBeVisible();
    await expect(lineOf(page, E2E_LONG_ANSWER_LINES)).not.toBeInViewport();
    await expectAccessible(page, 'a conversation scrolled up from its end');
    await held.release();
    await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
    await expect(lineOf(page, E2E_LONG_ANSWER_LINES + 10)).not.toBeInViewport();
    await expect(jump).toBeVisible();

    // The button goes back to the end and hides.
    await jump.click();
    await expect(page.getByText(E2E_ANSWER_END)).toBeInViewport();
    await expect(jump).toBeHidden();

    // A question asked in a second page of the same user appears here without a reload.
    await page.evaluate(() => {
      (window as { notReloaded?: boolean }).notReloaded = true;
    });
    const other = await page.context().newPage();
    await other.setViewportSize({ width: 1280, height: 800 });
    await other.goto(page.url());
    await expect(lineOf(other, E2E_LONG_ANSWER_LINES + 10)).toBeVisible();
    const second = heldQuestion();
    await ask(other, second.question);
    // Its answer streams here too, followed, since this page was at the end.
    const streaming = page
      .getByRole('article')
      .filter({ has: page.getByTestId('streaming-cursor') });
    await expect(streaming).toContainText(`Line ${E2E_LONG_ANSWER_LINES} of`, { timeout: 15_000 });
    await expect(lineOf(page, E2E_LONG_ANSWER_LINES).last()).toBeInViewport();
    await second.release();
    await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
    await expect(page.getByText(E2E_ANSWER_END).last()).toBeInViewport();
    expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // Closed first: a page behind another does not scroll at the wheel.
    await other.close();
    // The question is there too, above its answer: the list draws only what is near its view,
    // and the answer followed to its end is taller than the screen.
    await showInList(
      page,
      jumpLabel('en'),
      page.getByRole('article').filter({ hasText: second.question }),
    );
  });
});

/** Sends `question` once the send button allows, as a reader typing right after a reload. */
async function askAsSoonAsSendable(page: Page, question: string) {
  await page.getByTestId('chat-input').fill(question, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled({ timeout: 60_000 });
  await page.getByTestId('chat-input').press('Enter');
}

test('a question sent while a conversation loads on a slow phone ends with its answer in view', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 375, height: 812 });
  await signUpThroughApi(page);
  await page.goto('/chat');
  await askAsSoonAsSendable(page, 'Can my landlord keep the deposit?');
  await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0, { timeout: 15_000 });

  // The phone: its CPU four times slower and DevTools' Fast 3G network. The list draws the
  // loaded messages, the question and its answer in quick turns and moves the view itself
  // as it measures them; the view must still end at the answer, each time.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let round = 1; round <= 3; round++) {
    await page.reload({ waitUntil: 'commit' });
    const question = `Reloaded, question ${round}: is notice needed?`;
    await askAsSoonAsSendable(page, question);
    const asked = page.getByRole('article').filter({ hasText: question });
    // Accepted (no longer marked as sending), then answered.
    await expect(asked).toHaveCount(1, { timeout: 30_000 });
    await expect(asked.getByRole('status')).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('streaming-cursor')).toHaveCount(0, { timeout: 30_000 });
    // The message after the question: the list draws only what is near the view.
    const seq = Number((await asked.getAttribute('data-testid'))?.replace('message-', ''));
    const answer = page.getByTestId(`message-${seq + 1}`);
    await expect(answer).toHaveAccessibleName('Answer');
    await expect(answer).toBeInViewport();
    await expect(page.getByRole('button', { name: jumpLabel('en') })).toBeHidden();
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});

// Following depends on the width of the layout: a walk at each width, which between them
// show both languages and both themes.
const SCREENS: Variant[] = [
  {
    language: 'en',
    theme: 'light',
    viewport: { width: 1440, height: 900 },
    label: 'en, light, 1440px',
  },
  {
    language: 'pl',
    theme: 'dark',
    viewport: { width: 375, height: 812 },
    label: 'pl, dark, 375px',
  },
];

/** A question whose answer in markdown grows late (a code block, then a table) and waits. */
function heldRichQuestion(topic: string) {
  const held = heldQuestion();
  return { ...held, question: `${topic} ${E2E_RICH_QUESTION_MARK}, ${held.question}` };
}

const codeLine = (page: Page, n: number) => page.getByText(`clause ${n}: notice`).last();
const tableRow = (page: Page, n: number) =>
  page
    .getByRole('row')
    .filter({ hasText: `Row ${n}` })
    .last();
const answerEnd = (page: Page) => page.getByText(E2E_ANSWER_END).last();

/** The end of a finished answer is on screen, with no scrolling by the test. */
async function expectAnswerEndInView(page: Page) {
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0, { timeout: 15_000 });
  await expect(tableRow(page, E2E_RICH_ANSWER_ROWS)).toBeInViewport();
  await expect(answerEnd(page)).toBeInViewport();
}

/** While held: the open code block's last line is on screen, the list's first point is not. */
async function expectHeldAnswerFollowed(page: Page) {
  await expect(codeLine(page, E2E_RICH_ANSWER_ROWS)).toBeInViewport({ timeout: 15_000 });
  await expect(page.getByText('Point 1 of the list.').last()).not.toBeInViewport();
}

test.describe('the conversation follows its answer', () => {
  for (const variant of SCREENS) {
    test(`in markdown, written again, edited, resumed, from another tab; ${variant.label}`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(180_000);
      const { chat } = textsOf(variant.language);
      await applyVariant(page, variant);
      await signUpThroughApi(page);
      await openChatWithTestModel(page);
      const jump = page.getByRole('button', { name: chat.conversation.jumpToLatest });

      // Markdown that changes shape as it grows: a list, an open code block, then a table.
      const first = heldRichQuestion('Notice periods, quokka');
      await ask(page, first.question);
      await expect(page).toHaveURL(/\/chat\/[\w-]+$/);
      await expectHeldAnswerFollowed(page);
      await expect(jump).toBeHidden();
      await first.release();
      await expectAnswerEndInView(page);
      await expect(jump).toBeHidden();

      // Written again: the new version streams in place of the old, followed to its end.
      const answer = page.getByRole('article', { name: chat.answer.label }).last();
      await answer.getByRole('button', { name: chat.answer.regenerate }).click();
      await expect(
        page.getByRole('group', {
          name: interpolate(chat.versions.label, { version: 2, versions: 2 }),
        }),
      ).toBeVisible({ timeout: 15_000 });
      await expectAnswerEndInView(page);
      await expect(jump).toBeHidden();

      // Edited: the question asked again in other words, its new answer followed.
      const edited = heldRichQuestion('Notice periods again');
      // The question is far above its answer: scrolled to, which sending undoes.
      const question = page.getByRole('article', { name: chat.question.label }).last();
      await inList(page, chat.conversation.jumpToLatest, question, () =>
        question.getByRole('button', { name: chat.question.edit }).click({ timeout: 2000 }),
      );
      await page.getByTestId('chat-input').fill(edited.question);
      await page.getByTestId('chat-input').press('Enter');
      await expectHeldAnswerFollowed(page);

      // Reloaded in the middle of that answer: it resumes at its end, and is followed on.
      await page.reload();
      await expectHeldAnswerFollowed(page);
      await edited.release();
      await expectAnswerEndInView(page);
      await expect(jump).toBeHidden();

      // Scrolled up: following stops and the jump back is offered, then taken.
      await scroller(page).hover();
      await page.mouse.wheel(0, -1500);
      await expect(jump).toBeVisible();
      await expect(answerEnd(page)).not.toBeInViewport();
      await expectAccessible(page, `the jump button, ${variant.label}`);
      await page.screenshot({ path: testInfo.outputPath('jump-button.png') });
      await jump.click();
      await expect(answerEnd(page)).toBeInViewport();
      await expect(jump).toBeHidden();

      // Asked in another tab of the same user: it streams here too, followed.
      const other = await page.context().newPage();
      await other.setViewportSize(variant.viewport);
      await other.goto(page.url());
      // Until the models are known the question box does not send.
      await expect(other.getByRole('button', { name: E2E_LLM_MODEL_NAME })).toBeVisible();
      const fromOther = heldRichQuestion('Notice periods from the other tab');
      await ask(other, fromOther.question);
      // Its answer streams here (the question above it may be out of the list's drawn part on
      // a phone, as the answer is followed): the one answer being written.
      await expect(page.getByTestId('streaming-cursor')).toHaveCount(1, { timeout: 15_000 });
      await expectHeldAnswerFollowed(page);
      await fromOther.release();
      await expectAnswerEndInView(page);
      await other.close();
      await page.screenshot({ path: testInfo.outputPath('followed-to-the-end.png') });
      // The question is here too, above its answer.
      await showInList(
        page,
        chat.conversation.jumpToLatest,
        page.getByRole('article').filter({ hasText: 'from the other tab' }),
      );
    });
  }
});
