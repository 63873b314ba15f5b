/* global document, MutationObserver, window -- these functions run in the page. */
// How fast Themis feels on a slow phone: Chromium with its CPU slowed 4× and DevTools' "Fast 3G"
// network (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up). Per run, a conversation is
// opened afresh (cached files, as a reload; or none, as a first visit), a question typed as
// soon as the input takes it, the time noted when it can be sent (the send button is enabled),
// and it is sent as the first question of the visit: the time from Enter to the question on
// screen and to the answer's first words on screen (the demo model waits 40 ms before its
// first words). Then the same unslowed, as on a desktop: the first question of a visit in a
// new chat and in a reloaded conversation against a follow-up in the same visit (the socket
// already open). Times are read in the page (performance.now()), so the harness adds nothing.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';
import { signedInState } from './signed-in-browser.mjs';

const RUNS = Number(process.env.PERCEIVED_RUNS ?? 5);
const CPU_SLOWDOWN = 4;
const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const INPUT = '[data-testid="chat-input"]';
const CURSOR = '[data-testid="streaming-cursor"]';
const SEND = 'button[aria-label="Send"]';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]);
};

/**
 * Types `question` as soon as the chat input takes it; milliseconds from the navigation's
 * start until it could be sent (the send button is enabled once the models are known).
 */
async function untilSendable(page, question) {
  await page.locator(INPUT).fill(question, { timeout: 120_000 });
  const handle = await page.waitForFunction(
    (selector) => {
      const send = document.querySelector(selector);
      return send && !send.disabled ? performance.now() : false;
    },
    SEND,
    { polling: 'raf', timeout: 120_000 },
  );
  return handle.jsonValue();
}

/**
 * Sends the typed `question` with Enter; milliseconds until it is in the page (the DOM), until
 * a frame shows it, then until the answer's first words show.
 */
async function ask(page, question) {
  await page.evaluate(
    ({ selector, text }) => {
      const input = document.querySelector(selector);
      input.addEventListener(
        'keydown',
        (event) => {
          if (event.key === 'Enter') window.__enterAt = performance.now();
        },
        { capture: true, once: true },
      );
      window.__enterAt = undefined;
      window.__inPageAt = undefined;
      const observer = new MutationObserver(() => {
        const asked = [...document.querySelectorAll('article')].some((a) =>
          a.textContent.includes(text),
        );
        if (!asked || window.__enterAt === undefined) return;
        window.__inPageAt = performance.now() - window.__enterAt;
        observer.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    },
    { selector: INPUT, text: question },
  );
  await page.locator(INPUT).press('Enter');
  const shown = (check) =>
    page.waitForFunction(check, question, { polling: 'raf', timeout: 120_000 }).then(
      (handle) => handle.jsonValue(),
      async (error) => {
        // What the page showed instead, so that a failed run says why.
        const seen = await page.evaluate((selector) => {
          const articles = [...document.querySelectorAll('article')].map(
            (a) => `${a.dataset.testid}: ${a.textContent.slice(0, 50)}`,
          );
          const alert = document.querySelector('[role="alert"]')?.textContent ?? 'none';
          const box = document.querySelector(selector)?.value;
          const list = document.querySelector('[data-testid="virtuoso-scroller"]');
          const view = list
            ? `${Math.round(list.scrollTop)} of ${list.scrollHeight - list.clientHeight}`
            : 'no list';
          const jump = document.querySelector('[data-testid="jump-to-latest"]') ? 'shown' : 'none';
          return `${articles.join(' | ')}; alert: ${alert}; question box: "${box}"; scrolled: ${view}; jump button: ${jump}`;
        }, INPUT);
        throw new Error(`${error.message} asking "${question}"; shown: ${seen}`);
      },
    );
  // The answer is the message after the question: with the network slowed, its first words
  // may come with its last, so it is not found by its cursor.
  const [questionMs, firstWordsMs] = await Promise.all([
    shown(
      (text) =>
        [...document.querySelectorAll('article')].some((a) => a.textContent.includes(text)) &&
        performance.now() - window.__enterAt,
    ),
    shown((text) => {
      const asked = [...document.querySelectorAll('article')].find((a) =>
        a.textContent.includes(text),
      );
      const seq = Number(asked?.dataset.testid?.replace('message-', ''));
      const answer = document.querySelector(`[data-testid="message-${seq + 1}"]`);
      // The answer's text is in its first box; the cursor and the actions come after it.
      const words = answer?.firstElementChild?.firstElementChild?.textContent.trim();
      return words ? performance.now() - window.__enterAt : false;
    }),
  ]);
  await page.locator(CURSOR).waitFor({ state: 'detached', timeout: 120_000 });
  const inPageMs = await page.evaluate(() => window.__inPageAt);
  return { inPageMs, questionMs, firstWordsMs };
}

async function throttle(page, context) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

const NO_THROTTLING = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** Enter to the question and to the first words, as medians of `runs`. */
function onScreen(runs) {
  return {
    enter_to_question_in_page_ms: median(runs.map((run) => run.inPageMs)),
    enter_to_question_on_screen_ms: median(runs.map((run) => run.questionMs)),
    enter_to_first_words_on_screen_ms: median(runs.map((run) => run.firstWordsMs)),
  };
}

/** Unslowed, files cached: the first question of a visit (new chat, reload) and a follow-up. */
async function measureUnthrottled(page, cdp, conversation) {
  await cdp.send('Network.emulateNetworkConditions', NO_THROTTLING);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const newChat = [];
  const reload = [];
  const followUp = [];
  for (let i = 0; i < RUNS; i++) {
    await page.goto(conversation.replace(/\/chat\/[^/]+$/, '/chat'), { waitUntil: 'commit' });
    await untilSendable(page, `New chat ${i}: what is a lease?`);
    newChat.push(await ask(page, `New chat ${i}: what is a lease?`));
    await page.goto(conversation, { waitUntil: 'commit' });
    await untilSendable(page, `Reloaded ${i}: is notice needed?`);
    reload.push(await ask(page, `Reloaded ${i}: is notice needed?`));
    await untilSendable(page, `Follow-up ${i}: and in writing?`);
    followUp.push(await ask(page, `Follow-up ${i}: and in writing?`));
  }
  return {
    setup: `Chromium at 375 px, neither CPU nor network slowed, files cached; medians of ${RUNS} runs`,
    first_question_new_chat: onScreen(newChat),
    first_question_reloaded_conversation: onScreen(reload),
    follow_up: onScreen(followUp),
  };
}

/** The signed-in user's chat, measured as described at the top. */
export async function measurePerceivedSpeed(base, access) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      storageState: signedInState(base, access),
    });
    const page = await context.newPage();
    // A conversation to open, and the files in the browser's cache.
    await page.goto(`${base}/chat`);
    await untilSendable(page, 'Can my landlord keep the deposit?');
    await ask(page, 'Can my landlord keep the deposit?');
    await page.waitForURL(/\/chat\/[^/]+$/);
    const conversation = page.url();

    // The API calls of each visit until the question can be sent.
    let calls;
    page.on('request', (request) => {
      if (calls && new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    const cdp = await throttle(page, context);
    const result = {};
    for (const visit of ['reload', 'first_visit']) {
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: visit === 'first_visit' });
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const question = `Question ${visit} ${i}: is notice needed?`;
        // Counted from the new document on: the page left behind may still refetch what the
        // last answer's end invalidated.
        await page.goto(conversation, { waitUntil: 'commit' });
        calls = [];
        const sendableMs = await untilSendable(page, question);
        const apiCalls = calls.length;
        calls = undefined;
        runs.push({ sendableMs, apiCalls, ...(await ask(page, question)) });
      }
      result[visit] = {
        to_question_sendable_ms: median(runs.map((run) => run.sendableMs)),
        api_calls_to_sendable: Math.max(...runs.map((run) => run.apiCalls)),
        ...onScreen(runs),
      };
    }
    const unthrottled = await measureUnthrottled(page, cdp, conversation);
    return {
      setup: `Chromium at 375 px, CPU ${CPU_SLOWDOWN}× slower, DevTools' Fast 3G (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up); a signed-in user opens a conversation of one exchange and asks the demo model (40 ms to its first words); medians of ${RUNS} runs`,
      ...result,
      unthrottled,
    };
  } finally {
    await browser.close();
  }
}
