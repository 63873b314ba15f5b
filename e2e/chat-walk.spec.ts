import type { Page } from '@playwright/test';
import { pdfWithText } from '../apps/server/test/attachment-files';
import { signUpThroughApi } from './accounts';
import {
  E2E_ANSWER_END,
  E2E_FAILING_QUESTION_MARK,
  E2E_LLM_MODEL_NAME,
  E2E_PARTIAL_ANSWER,
  E2E_SLOW_QUESTION_MARK,
} from './env';
import { expectTooltip, inList, showInList } from './chat-list';
import { expect, expectAccessible, test } from './fixtures';

// The whole chat against a model provider speaking OpenAI's streaming protocol
// (e2e/llm-server.ts): a question with a pdf, copy, feedback, stop, resume after a reload,
// and an answer that fails, tried again, then its question edited and asked again, then an
// earlier question edited: each old version and its branch a click away, after a reload too.

interface Labels {
  lang: 'en' | 'pl';
  demoModel: string;
  attachedFiles: string;
  copy: string;
  copied: string;
  good: string;
  bad: string;
  feedbackTitle: string;
  outdatedLaw: string;
  comment: string;
  send: string;
  stop: string;
  cancelled: string;
  generatingError: string;
  regenerate: string;
  retry: string;
  edit: string;
  version: (version: number, versions: number) => string;
  previousVersion: string;
  nextVersion: string;
  jumpToLatest: string;
}

const ENGLISH: Labels = {
  lang: 'en',
  demoModel: 'Themis demo (not a real model)',
  attachedFiles: 'Attached files',
  copy: 'Copy',
  copied: 'Copied to the clipboard',
  good: 'Good answer',
  bad: 'Bad answer',
  feedbackTitle: 'What was wrong with the answer?',
  outdatedLaw: 'Based on outdated law',
  comment: 'Tell us more',
  send: 'Send',
  stop: 'Stop the answer',
  cancelled: 'The answer was stopped.',
  generatingError: 'Message generating error',
  regenerate: 'Write the answer again',
  retry: 'Try again',
  edit: 'Edit and ask again',
  version: (version, versions) => `Version ${version} of ${versions}`,
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  jumpToLatest: 'Jump to the latest message',
};

const POLISH: Labels = {
  lang: 'pl',
  demoModel: 'Demo Themis (to nie prawdziwy model)',
  attachedFiles: 'Dołączone pliki',
  copy: 'Kopiuj',
  copied: 'Skopiowano do schowka',
  good: 'Dobra odpowiedź',
  bad: 'Zła odpowiedź',
  feedbackTitle: 'Co było nie tak z odpowiedzią?',
  outdatedLaw: 'Oparta na nieaktualnych przepisach',
  comment: 'Opisz dokładniej',
  send: 'Wyślij',
  stop: 'Zatrzymaj odpowiedź',
  cancelled: 'Odpowiedź została zatrzymana.',
  generatingError: 'Błąd generowania wiadomości',
  regenerate: 'Napisz odpowiedź ponownie',
  retry: 'Spróbuj ponownie',
  edit: 'Edytuj i zapytaj ponownie',
  version: (version, versions) => `Wersja ${version} z ${versions}`,
  previousVersion: 'Poprzednia wersja',
  nextVersion: 'Następna wersja',
  jumpToLatest: 'Przejdź do najnowszej wiadomości',
};

/** The words of a slow answer, all of them in order. */
const WHOLE_SLOW_ANSWER = Array.from({ length: 40 }, (_, index) => `part${index + 1}`).join(' ');

async function ask(page: Page, question: string) {
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-input').press('Enter');
}

/** The chat frames the page sends over its WebSockets, from now on. */
function sentFrames(page: Page) {
  const frames: { type: string; content?: string }[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      frames.push(JSON.parse(String(payload)) as { type: string });
    }),
  );
  return (type: string) => frames.filter((frame) => frame.type === type);
}

/**
 * `whole`: every step. `screens`: a later variant, which sees every screen and state in its
 * language, theme and width, but leaves out what only repeats a behaviour the whole walk has
 * proved (reloads keeping what was stored, an answer resumed after a reload).
 */
type WalkScope = 'whole' | 'screens';

async function walk(page: Page, labels: Labels, scope: WalkScope) {
  // Messages are found by their content or their id, never by position: the list is
  // virtualized, so which of them are rendered changes as it scrolls.
  const articles = page.getByRole('article');
  const cursor = page.getByTestId('streaming-cursor');
  /** The answer being written now, by its own test id, which stays after it ends. */
  async function answerBeingWritten() {
    const testId = await articles.filter({ has: cursor }).getAttribute('data-testid');
    return page.getByTestId(testId!);
  }

  await page.getByRole('button', { name: `Model: ${labels.demoModel}` }).click();
  await page.getByRole('menuitem', { name: E2E_LLM_MODEL_NAME }).click();
  await expect(page.getByRole('button', { name: `Model: ${E2E_LLM_MODEL_NAME}` })).toBeVisible();

  // A question with a pdf: the model receives the file's text and answers in markdown.
  await page.getByTestId('attachment-input').setInputFiles({
    name: 'lease.pdf',
    mimeType: 'application/pdf',
    buffer: pdfWithText(['CLAUSE-7 The tenant pays the rent monthly.']),
  });
  const chips = page.getByRole('list', { name: labels.attachedFiles });
  await expect(chips.getByText('lease.pdf')).toBeVisible();
  await page.getByTestId('chat-input').fill('What does my lease say about the rent?');
  // Sending waits for the upload to finish.
  await expect(page.getByRole('button', { name: labels.send })).toBeEnabled();
  await page.getByTestId('chat-input').press('Enter');
  const first = articles.filter({ hasText: 'Your file mentions CLAUSE-7.' });
  await expect(first).toContainText('Your file mentions CLAUSE-7.');
  await expect(first).toContainText(E2E_ANSWER_END);
  await expect(first.getByRole('table')).toBeVisible();
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);

  await first.getByRole('button', { name: labels.copy }).click();
  await expect(page.getByText(labels.copied)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(
    'Your file mentions CLAUSE-7.',
  );

  // Feedback: good, then changed to bad with a reason and a comment.
  await first.getByRole('button', { name: labels.good }).click();
  await expect(first.getByRole('button', { name: labels.good })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await first.getByRole('button', { name: labels.bad }).click();
  const dialog = page.getByRole('dialog', { name: labels.feedbackTitle });
  await dialog.getByLabel(labels.outdatedLaw).check();
  await dialog.getByLabel(labels.comment).fill('Art. 6 was amended last year.');
  await expectAccessible(page, `bad-answer feedback dialog, ${labels.lang}`);
  await dialog.getByRole('button', { name: labels.send }).click();
  await expect(dialog).toBeHidden();
  await expect(first.getByRole('button', { name: labels.bad })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(first.getByRole('button', { name: labels.good })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  // Writing the answer again is an icon, named by its label and its tooltip.
  await first.getByRole('button', { name: labels.regenerate }).hover();
  await expectTooltip(page, labels.regenerate);
  // Stored: after a reload the feedback and the question's file are still shown.
  await page.reload();
  await expect(first.getByRole('button', { name: labels.bad })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await first.hover();
  await page.mouse.wheel(0, -5000);
  await expect(
    articles.filter({ hasText: 'What does my lease say about the rent?' }),
  ).toContainText('lease.pdf');

  // Stop an answer: what was written stays, marked as stopped, also after a reload.
  await ask(page, `Explain ${E2E_SLOW_QUESTION_MARK} how a lease ends.`);
  const stopped = await answerBeingWritten();
  await expect(stopped).toContainText('part3');
  await page.getByRole('button', { name: labels.stop }).click();
  await expect(stopped).toContainText(labels.cancelled);
  if (scope === 'whole') {
    await page.reload();
    await expect(stopped).toContainText('part3');
    await expect(stopped).toContainText(labels.cancelled);
    await expect(stopped).not.toContainText(E2E_ANSWER_END);

    // Reload in the middle of an answer: it resumes where it was and ends whole.
    await ask(page, `And ${E2E_SLOW_QUESTION_MARK}, how is the deposit returned?`);
    const resumed = await answerBeingWritten();
    await expect(resumed).toContainText('part2');
    await page.reload();
    await expect(resumed).toContainText('part2');
    await expect(page.getByTestId('streaming-cursor')).toHaveCount(1);
    await expect(resumed).toContainText(E2E_ANSWER_END, { timeout: 20_000 });
    await expect(resumed).toContainText(WHOLE_SLOW_ANSWER);
  }
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
  await expectAccessible(page, `chat with a model, ${labels.lang}`);
  await failRegenerateAndEdit(page, labels, scope);
}

async function failRegenerateAndEdit(page: Page, labels: Labels, scope: WalkScope) {
  const articles = page.getByRole('article');
  const sent = sentFrames(page);
  // The socket is new after a reload, so its frames are all seen from here.
  await page.reload();
  await expect(page.getByRole('button', { name: `Model: ${E2E_LLM_MODEL_NAME}` })).toBeVisible();
  // Asked once the conversation is on screen, as a reader would.
  await expect(articles.filter({ hasText: E2E_ANSWER_END }).last()).toBeVisible();

  // The provider fails mid-answer: what was written stays, marked as an error.
  const question = `Is this clause fair? (${E2E_FAILING_QUESTION_MARK})`;
  await ask(page, question);
  const failed = articles.filter({ hasText: labels.generatingError });
  await expect(failed).toContainText(E2E_PARTIAL_ANSWER);
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
  await expectAccessible(page, `failed answer, ${labels.lang}`);

  // Tried again: one chat.regenerate, and a new answer (failing again) shown as the second
  // version, the first one a click away.
  const failedId = await failed.getAttribute('data-testid');
  // The retry keeps the name it shows; its tooltip says what it does.
  const retry = failed.getByRole('button', { name: labels.retry });
  await retry.hover();
  await expectTooltip(page, labels.regenerate);
  await expect(retry).toHaveAccessibleDescription(labels.regenerate);
  await retry.click();
  await expect.poll(() => sent('chat.regenerate').length).toBe(1);
  await expect(page.getByTestId(failedId!)).toHaveCount(0);
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText(E2E_PARTIAL_ANSWER);
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
  await expect(failed.getByRole('group', { name: labels.version(2, 2) })).toBeVisible();
  await failed.getByRole('button', { name: labels.previousVersion }).click();
  await expect(page.getByTestId(failedId!)).toBeVisible();
  await expect(failed.getByRole('group', { name: labels.version(1, 2) })).toBeVisible();

  // Edited and asked again: one chat.edit with the new text, a new branch in place of the
  // question and what followed it; the old branch is the question's first version.
  const asked = articles.filter({ hasText: question });
  await asked.getByRole('button', { name: labels.edit }).click();
  await expect(page.getByTestId('chat-input')).toHaveValue(question);
  await expect(page.getByTestId('chat-input')).toBeFocused();
  await page.getByTestId('chat-input').fill('Is the rent clause fair?');
  await page.getByTestId('chat-input').press('Enter');
  await expect
    .poll(() => sent('chat.edit').map((frame) => frame.content))
    .toEqual(['Is the rent clause fair?']);
  expect(sent('chat.send')).toHaveLength(1);
  await expect(asked).toHaveCount(0);
  const edited = articles.filter({ hasText: 'Is the rent clause fair?' });
  await expect(edited).toBeVisible();
  await expect(articles.filter({ hasText: E2E_ANSWER_END }).last()).toBeVisible();
  await expect(failed).toHaveCount(0);
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
  await expect(edited.getByRole('group', { name: labels.version(2, 2) })).toBeVisible();
  await expectAccessible(page, `an edited question, ${labels.lang}`);

  // Back to the first version: the old question with its newest failed answer, kept after a
  // reload.
  await edited.getByRole('button', { name: labels.previousVersion }).click();
  await expect(asked).toBeVisible();
  await expect(failed).toHaveCount(1);
  await page.reload();
  await expect(asked.getByRole('group', { name: labels.version(1, 2) })).toBeVisible();
  await expect(failed.getByRole('group', { name: labels.version(2, 2) })).toBeVisible();
  await expect(edited).toHaveCount(0);
  await inList(page, labels.jumpToLatest, asked, () =>
    asked.getByRole('button', { name: labels.nextVersion }).click({ timeout: 3000 }),
  );
  await expect(edited).toBeVisible();
  await expect(asked).toHaveCount(0);
  await editEarlierQuestion(page, labels, sent, scope);
}

/**
 * An earlier question (not the last) edited while the last one is being edited: the box takes
 * the focus each time, and the conversation goes on from that question as a new branch.
 */
async function editEarlierQuestion(
  page: Page,
  labels: Labels,
  sent: ReturnType<typeof sentFrames>,
  scope: WalkScope,
) {
  const articles = page.getByRole('article');
  const input = page.getByTestId('chat-input');
  const lease = articles.filter({ hasText: 'What does my lease say about the rent?' });
  const earlier = articles.filter({ hasText: 'how a lease ends.' });
  const deposit = articles.filter({ hasText: 'how is the deposit returned?' });
  const last = articles.filter({ hasText: 'Is the rent clause fair?' });
  const rewritten = articles.filter({ hasText: 'When may a tenant end a lease early?' });
  // The new branch's answer: the old branch's one to the last question says the same.
  const newAnswer = articles.filter({ hasText: 'No file was read.' });

  await last.getByRole('button', { name: labels.edit }).click();
  await expect(input).toHaveValue('Is the rent clause fair?');
  await expect(input).toBeFocused();
  const editEarlier = earlier.getByRole('button', { name: labels.edit });
  await inList(page, labels.jumpToLatest, earlier, async () => {
    await editEarlier.hover({ timeout: 3000 });
    await expectTooltip(page, labels.edit);
  });
  // The pointer stays on the button; the tooltip goes with the focus.
  await inList(page, labels.jumpToLatest, earlier, () => editEarlier.click({ timeout: 3000 }));
  await expect(input).toHaveValue(`Explain ${E2E_SLOW_QUESTION_MARK} how a lease ends.`);
  await expect(input).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  await input.fill('When may a tenant end a lease early?');
  await input.press('Enter');
  await expect
    .poll(() => sent('chat.edit').map((frame) => frame.content))
    .toEqual(['Is the rent clause fair?', 'When may a tenant end a lease early?']);
  await expect(rewritten.getByRole('group', { name: labels.version(2, 2) })).toBeVisible();
  await expect(newAnswer).toContainText(E2E_ANSWER_END);
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0);
  for (const gone of [earlier, deposit, last]) await expect(gone).toHaveCount(0);
  // What came before the edited question stays.
  await showInList(page, labels.jumpToLatest, lease);

  // The old branch: the earlier question's first version and all that followed it.
  await inList(page, labels.jumpToLatest, rewritten, () =>
    rewritten.getByRole('button', { name: labels.previousVersion }).click({ timeout: 3000 }),
  );
  await expect(rewritten).toHaveCount(0);
  // The list draws only what is near its view: the branch's last question may need bringing in.
  await showInList(page, labels.jumpToLatest, last);
  await expect(last.getByRole('group', { name: labels.version(2, 2) })).toBeVisible();
  // The resumed answer's question, asked only in the whole walk.
  if (scope === 'whole') await showInList(page, labels.jumpToLatest, deposit);
  await showInList(page, labels.jumpToLatest, earlier);
  await expect(earlier.getByRole('group', { name: labels.version(1, 2) })).toBeVisible();

  // Each branch stays shown after a reload.
  if (scope === 'screens') return;
  await page.reload();
  await expect(last.getByRole('group', { name: labels.version(2, 2) })).toBeVisible();
  await inList(page, labels.jumpToLatest, earlier, () =>
    earlier.getByRole('button', { name: labels.nextVersion }).click({ timeout: 3000 }),
  );
  await expect(rewritten.getByRole('group', { name: labels.version(2, 2) })).toBeVisible();
  await expect(last).toHaveCount(0);
  await page.reload();
  await expect(rewritten.getByRole('group', { name: labels.version(2, 2) })).toBeVisible();
  await expect(newAnswer).toContainText(E2E_ANSWER_END);
  for (const gone of [earlier, deposit, last]) await expect(gone).toHaveCount(0);
  await showInList(page, labels.jumpToLatest, lease);
}

test.describe('chat with a model provider', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a pdf, copy, feedback, stop and resume after a reload', async ({ page }) => {
    test.setTimeout(150_000);
    await signUpThroughApi(page);
    await page.goto('/chat');
    await walk(page, ENGLISH, 'whole');
  });

  test('the same in Polish, dark, at phone width', async ({ page }) => {
    test.setTimeout(150_000);
    await signUpThroughApi(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/chat?lang=pl');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await walk(page, POLISH, 'screens');
  });
});
