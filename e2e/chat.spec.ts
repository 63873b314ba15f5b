import type { Page, WebSocketRoute } from '@playwright/test';
import { MOBILE_BREAKPOINT_PX } from '../packages/shared/src/constants';
import { pdfWithText } from '../apps/server/test/attachment-files';
import { signUpThroughApi } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

// The chat with the demo model, in both languages: the empty chat and its topics, the model
// menu and its filter, a refused fourth file, a question and its answer, and the history:
// rename, search (opening the conversation at the message found) and delete, each dialog and
// popup checked with axe while it is open. A reloaded conversation shows its shape while it
// loads, and a follow-up question shows as sending until the server has it.

interface Labels {
  lang: 'en' | 'pl';
  notice: string;
  model: string;
  modelFilter: string;
  noModel: string;
  topicsNext: string;
  tooManyFiles: string;
  question: string;
  followUp: string;
  send: string;
  sending: string;
  loading: string;
  /** A word of the question that search finds (not in the answer, not in the new name). */
  searchTerm: string;
  answer: RegExp;
  /** The sources list of the demo's sample of cited law, and its first source's state. */
  sources: string;
  inForce: string;
  openNavigation: string;
  options: RegExp;
  rename: string;
  renameTitle: string;
  nameLabel: string;
  newName: string;
  search: string;
  results: string;
  delete: string;
  deleteTitle: string;
}

const ENGLISH: Labels = {
  lang: 'en',
  notice: 'Legal information, not legal advice.',
  model: 'Model: Themis demo (not a real model)',
  modelFilter: 'Filter models by name',
  noModel: 'No models with the specified name were found.',
  topicsNext: 'Next topics',
  tooManyFiles: 'You can upload up to 3 files at a time.',
  question: 'What does art. 415 of the Polish Civil Code say?',
  followUp: 'And who has to prove the fault?',
  send: 'Send',
  sending: 'Sending…',
  loading: 'Loading the conversation',
  searchTerm: 'Civil',
  answer: /This is the Themis demo/,
  sources: 'Sources (3)',
  inForce: 'In force',
  openNavigation: 'Open navigation',
  options: /Options for/,
  rename: 'Rename',
  renameTitle: 'Rename conversation',
  nameLabel: 'Name',
  newName: 'Tort liability',
  search: 'Search conversations',
  results: 'Search results',
  delete: 'Delete',
  deleteTitle: 'Delete conversation?',
};

const POLISH: Labels = {
  lang: 'pl',
  notice: 'Informacja prawna, nie porada prawna.',
  model: 'Model: Demo Themis (to nie prawdziwy model)',
  modelFilter: 'Filtruj modele po nazwie',
  noModel: 'Nie znaleziono modeli o podanej nazwie.',
  topicsNext: 'Następne tematy',
  tooManyFiles: 'Możesz przesłać maksymalnie 3 pliki naraz.',
  question: 'Czym jest zachowek?',
  followUp: 'A komu przysługuje?',
  send: 'Wyślij',
  sending: 'Wysyłanie…',
  loading: 'Wczytywanie rozmowy',
  searchTerm: 'zachowek',
  answer: /To jest demo Themis/,
  sources: 'Źródła (3)',
  inForce: 'Obowiązuje',
  openNavigation: 'Otwórz nawigację',
  options: /Opcje rozmowy/,
  rename: 'Zmień nazwę',
  renameTitle: 'Zmień nazwę rozmowy',
  nameLabel: 'Nazwa',
  newName: 'Spadek po rodzicach',
  search: 'Szukaj w rozmowach',
  results: 'Wyniki wyszukiwania',
  delete: 'Usuń',
  deleteTitle: 'Usunąć rozmowę?',
};

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4'),
});

/** The question box and its send button are whole on screen, and the page does not scroll. */
async function expectQuestionBoxOnScreen(page: Page, labels: Labels) {
  await expect(page.getByRole('button', { name: labels.send })).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('chat-input')).toBeInViewport({ ratio: 1 });
  // Nothing but the conversation scrolls: the page itself stays put.
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBe(
    page.viewportSize()!.height,
  );
}

/** The model menu: the demo's name and hint wrap beside its chip, nothing cut or covered. */
async function expectModelMenuFits(page: Page, labels: Labels) {
  await page.getByRole('button', { name: labels.model }).click();
  const item = page.getByRole('menuitem').first();
  await expect(item).toBeVisible();
  const fits = await item.evaluate((element) => {
    const text = element.querySelector('.MuiListItemText-root')!.getBoundingClientRect();
    const chip = element.querySelector('.MuiChip-root')!.getBoundingClientRect();
    return {
      inside: element.scrollWidth <= element.clientWidth,
      apart: text.right <= chip.left,
    };
  });
  expect(fits).toEqual({ inside: true, apart: true });
}

/** Holds back the responses to the requests whose address matches, until released. */
async function holdResponses(page: Page, url: RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds back the questions the page sends over its WebSocket (chat.send) until released,
 * passing every other frame both ways. Set before the page opens its socket.
 */
async function holdQuestions(page: Page) {
  const held: string[] = [];
  let holding = true;
  let server: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/ws(\?|$)/, (socket) => {
    const toServer = socket.connectToServer();
    server = toServer;
    socket.onMessage((message) => {
      const frame = JSON.parse(String(message)) as { type: string };
      if (holding && frame.type === 'chat.send') held.push(String(message));
      else toServer.send(message);
    });
  });
  return {
    count: () => held.length,
    release() {
      holding = false;
      for (const message of held.splice(0)) server!.send(message);
    },
  };
}

/** The message list's code, held back from the page's first request for it until released. */
const holdMessageListCode = (page: Page) => holdResponses(page, /\/assets\/MessageList-[^/]*\.js$/);

async function walk(page: Page, labels: Labels, releaseListCode: () => void) {
  const where = `${labels.lang}${labels.lang === 'pl' ? ', dark, 375px' : ''}`;
  await expect(page.getByText(labels.notice).first()).toBeVisible();
  await expect(page.getByRole('button', { name: labels.topicsNext })).toBeVisible();
  await expectAccessible(page, `chat, empty, ${where}`);

  // The model menu with its name filter.
  await page.getByRole('button', { name: labels.model }).click();
  const filter = page.getByRole('textbox', { name: labels.modelFilter });
  await expect(filter).toBeFocused();
  await expectAccessible(page, `model menu, ${where}`);
  await filter.fill('no such model');
  await expect(page.getByRole('status').filter({ hasText: labels.noModel })).toBeVisible();
  await expectAccessible(page, `model menu, nothing found, ${where}`);
  await page.keyboard.press('Escape');
  await expect(filter).toBeHidden();

  // A fourth file is refused in the browser, before anything is uploaded.
  await page
    .getByTestId('attachment-input')
    .setInputFiles(['a.pdf', 'b.pdf', 'c.pdf', 'd.pdf'].map(pdf));
  const alert = page.getByTestId('chat-error');
  await expect(alert).toContainText(labels.tooManyFiles);
  await expectAccessible(page, `chat, error alert, ${where}`);
  await alert.getByRole('button').click();
  await expect(alert).toBeHidden();

  // The question shows as sending at once, before the server has even created its
  // conversation and before the message list's code has come (both held back here until it
  // has been seen).
  let releaseCreate!: () => void;
  const createHeld = new Promise<void>((resolve) => (releaseCreate = resolve));
  await page.route('**/api/conversation/create', async (route) => {
    await createHeld;
    await route.continue();
  });
  await page.getByTestId('chat-input').fill(labels.question);
  await page.getByTestId('chat-input').press('Enter');
  const sending = page.getByRole('article').filter({ hasText: labels.question });
  await expect(sending.getByRole('status')).toHaveText(labels.sending);
  await expect(page.getByTestId('chat-input')).toHaveValue('');
  await expectAccessible(page, `chat, a question sending, ${where}`);
  releaseListCode();
  releaseCreate();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect(sending.getByRole('status')).toHaveCount(0);
  await expect(page.getByText(labels.question).first()).toBeVisible();
  await expect(page.getByText(labels.answer).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0, { timeout: 15_000 });
  // The demo's sample cites the law: each citation a link to its official source, and the
  // sources listed under the answer (folded on a phone).
  const answered = page.getByRole('article').filter({ hasText: labels.answer });
  await expect(answered.getByRole('link', { name: 'art. 415 k.c.' })).toHaveAttribute(
    'href',
    'https://eli.gov.pl/eli/DU/1964/93/ogl',
  );
  await expect(answered.getByTestId('answer-sources').locator('summary')).toHaveText(
    labels.sources,
  );
  // Checked once written, against the local stand-in of the Sejm's register: the Civil Code is
  // in force.
  await expect(answered.getByTestId('source-state').first()).toHaveText(labels.inForce);
  await expectAccessible(page, `chat, answered, ${where}`);

  // The first question names the conversation in the history panel; at phone width the
  // history is in the drawer, opened from the app bar.
  const history = page.getByTestId('history-panel');
  const phone = (page.viewportSize()?.width ?? 1280) < MOBILE_BREAKPOINT_PX;
  const openHistory = async () => {
    if (phone && !(await history.isVisible())) {
      await page.getByRole('button', { name: labels.openNavigation }).click();
    }
    await expect(history).toBeVisible();
  };
  await openHistory();
  await expect(history.getByText(labels.question.slice(0, 12)).first()).toBeVisible({
    timeout: 10_000,
  });

  // A reload shows the shape of a conversation while its messages load (held back here until
  // seen), the question box in its place, then the stored conversation.
  const releaseMessages = await holdResponses(page, /\/api\/conversation\/messages\//);
  const questions = await holdQuestions(page);
  await page.reload();
  const skeleton = page.getByRole('status', { name: labels.loading });
  await expect(skeleton).toBeVisible();
  await expectQuestionBoxOnScreen(page, labels);
  await expectAccessible(page, `chat, a conversation loading, ${where}`);
  releaseMessages();
  await expect(page.getByText(labels.answer).first()).toBeVisible();
  await expect(skeleton).toHaveCount(0);

  // A follow-up goes over the socket: it shows as sending at once, while the server does not
  // have it yet (held back here), and as asked once the server has accepted it.
  await page.getByTestId('chat-input').fill(labels.followUp);
  await page.getByTestId('chat-input').press('Enter');
  const followUp = page.getByRole('article').filter({ hasText: labels.followUp });
  await expect(followUp.getByRole('status')).toHaveText(labels.sending);
  await expect(page.getByTestId('chat-input')).toHaveValue('');
  await expect.poll(questions.count).toBe(1);
  await expectAccessible(page, `chat, a follow-up sending, ${where}`);
  questions.release();
  await expect(followUp.getByRole('status')).toHaveCount(0);
  await expect(followUp).toHaveCount(1);
  await expect(page.getByRole('article').last()).toContainText(labels.answer, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('streaming-cursor')).toHaveCount(0, { timeout: 15_000 });
  await expectQuestionBoxOnScreen(page, labels);
  await openHistory();

  await history.getByRole('button', { name: labels.options }).first().click();
  await page.getByRole('menuitem', { name: labels.rename }).click();
  const rename = page.getByRole('dialog', { name: labels.renameTitle });
  await expect(rename.getByLabel(labels.nameLabel)).toBeVisible();
  await expectAccessible(page, `rename dialog, ${where}`);
  await rename.getByLabel(labels.nameLabel).fill(labels.newName);
  await rename.getByRole('button').last().click();
  await expect(rename).toBeHidden();
  await expect(history.getByText(labels.newName)).toBeVisible();

  // Search finds the question and opens the conversation at it, highlighted.
  await history.getByLabel(labels.search).fill(labels.searchTerm);
  const results = page.getByRole('list', { name: labels.results });
  await expect(results.getByText(labels.newName).first()).toBeVisible();
  await expectAccessible(page, `search results, ${where}`);
  await results.getByRole('button').first().click();
  // On a phone the drawer closes on the way to the conversation.
  if (phone) await expect(history).toBeHidden();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}\?message=\d+$/);
  const seq = new URL(page.url()).searchParams.get('message');
  const found = page.getByTestId(`message-${seq}`);
  await expect(found).toHaveAttribute('data-highlighted', 'true');
  await expect(found).toContainText(labels.question);
  await expect(found).toBeInViewport();
  // Marked, not only scrolled to: tinted where the other messages are not.
  const background = (message: typeof found) =>
    message.evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await background(found)).not.toBe(await background(page.getByRole('article').last()));
  await expectAccessible(page, `a search hit highlighted, ${where}`);

  await openHistory();
  await history.getByLabel(labels.search).fill('');
  await history.getByRole('button', { name: labels.options }).first().click();
  await page.getByRole('menuitem', { name: labels.delete }).click();
  await expect(page.getByRole('dialog', { name: labels.deleteTitle })).toBeVisible();
  await expectAccessible(page, `delete dialog, ${where}`);
  await page.getByTestId('confirm-action').click();
  await expect(page.getByRole('dialog', { name: labels.deleteTitle })).toBeHidden();
  await expect(history.getByText(labels.newName)).toHaveCount(0);
  // The open conversation was the one deleted: the chat starts afresh.
  await expect(page).toHaveURL(/\/chat$/);
}

test.describe('chat with the demo model', () => {
  test('ask, rename, search to the message and delete, with every dialog checked', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpThroughApi(page);
    const releaseListCode = await holdMessageListCode(page);
    await page.goto('/chat');
    await walk(page, ENGLISH, releaseListCode);
  });

  test('the same in Polish, dark, at phone width', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpThroughApi(page);
    await page.setViewportSize({ width: 375, height: 812 });
    const releaseListCode = await holdMessageListCode(page);
    await page.goto('/chat?lang=pl');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await walk(page, POLISH, releaseListCode);
  });
});

test.describe('the question box on a phone', () => {
  for (const [lang, scheme] of [
    ['en', 'light'],
    ['pl', 'dark'],
  ] as const) {
    test(`stays on screen with three files attached, then in the conversation, ${lang}, ${scheme}`, async ({
      page,
    }) => {
      test.setTimeout(60_000);
      const labels = lang === 'en' ? ENGLISH : POLISH;
      await signUpThroughApi(page);
      await page.setViewportSize({ width: 375, height: 667 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`/chat?lang=${lang}`);
      await page.evaluate((theme) => localStorage.setItem('theme', theme), scheme);
      await page.reload();
      await page.getByTestId('attachment-input').setInputFiles(
        ['umowa-najmu-lokalu-mieszkalnego.pdf', 'pelnomocnictwo.pdf', 'wezwanie.pdf'].map(
          (name) => ({
            name,
            mimeType: 'application/pdf',
            buffer: pdfWithText(['Rent is due monthly.']),
          }),
        ),
      );
      await expect(page.getByText('wezwanie.pdf')).toBeVisible();
      const input = page.getByTestId('chat-input');
      await input.fill(labels.question);
      // Uploaded, the send button is enabled, and the box with it is on screen.
      await expect(page.getByRole('button', { name: labels.send })).toBeEnabled();
      await expectQuestionBoxOnScreen(page, labels);
      await expect(page.getByText(labels.notice, { exact: true })).toBeInViewport();
      await expectAccessible(page, `three files on a phone, ${lang}, ${scheme}`);

      await expectModelMenuFits(page, labels);
      await page.keyboard.press('Escape');

      // Asked and answered, the conversation scrolls inside itself, the box still on screen.
      await input.press('Enter');
      await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
      const asked = page.getByRole('article').filter({ hasText: labels.question });
      await expect(asked).toContainText('wezwanie.pdf');
      await expect(page.getByRole('article').last()).toContainText(labels.answer, {
        timeout: 15_000,
      });
      await expect(page.getByTestId('streaming-cursor')).toHaveCount(0, { timeout: 15_000 });
      const scroller = page.getByRole('log').locator('[data-virtuoso-scroller]');
      await expect
        .poll(() => scroller.evaluate((element) => element.scrollHeight > element.clientHeight))
        .toBe(true);
      await expectQuestionBoxOnScreen(page, labels);
      await expect(page.getByText(labels.notice, { exact: true })).toBeInViewport();
      await expectAccessible(page, `a conversation on a phone, ${lang}, ${scheme}`);
    });
  }
});

test('the model menu fits at desktop width too', async ({ page }) => {
  await signUpThroughApi(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/chat');
  await expectModelMenuFits(page, ENGLISH);
  await expectAccessible(page, 'model menu, 1440px');
});
