/**
 * Work no page needs to show itself (the toast library, the form validator's code) waits
 * for the first page to be on screen, then for the browser to be idle: started earlier, it
 * would share the network with the page's own files. The wait has a ceiling, should the
 * first page never say it is shown.
 */
const FIRST_PAGE_WAIT_MAX_MS = 10_000;
const IDLE_WAIT_MAX_MS = 2_000;

let shown = false;
const waiting = new Set<() => void>();

/** Called when the first page has rendered; starts the work that waited for it. */
export function markFirstPageShown() {
  if (shown) return;
  shown = true;
  for (const start of [...waiting]) start();
  waiting.clear();
}

/** Work started by a task that returned a promise, until it settles. */
const running = new Set<Promise<unknown>>();

function run(task: () => unknown) {
  const result = task();
  if (!(result instanceof Promise)) return;
  running.add(result);
  const forget = () => running.delete(result);
  result.then(forget, forget);
}

/**
 * Settles once the work the tasks started (a chunk loaded ahead) has: a component test waits
 * for it, so that no import is still under way when its page goes away.
 */
export async function backgroundWorkSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

function whenIdle(task: () => unknown): () => void {
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(() => run(task), { timeout: IDLE_WAIT_MAX_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => run(task), 0);
  return () => clearTimeout(timer);
}

/**
 * Runs `task` once the browser is idle after the first page is shown; returns a cancel. A
 * task that loads something returns its promise (see backgroundWorkSettled).
 */
export function afterFirstPage(task: () => unknown): () => void {
  if (shown) return whenIdle(task);
  let cancelIdle: (() => void) | undefined;
  const start = () => {
    waiting.delete(start);
    clearTimeout(ceiling);
    cancelIdle ??= whenIdle(task);
  };
  const ceiling = setTimeout(start, FIRST_PAGE_WAIT_MAX_MS);
  waiting.add(start);
  return () => {
    waiting.delete(start);
    clearTimeout(ceiling);
    cancelIdle?.();
  };
}
