/**
 * How long findBy* and waitFor wait for their condition before giving up (set in setup.ts).
 * A test never waits this long when it passes; the margin is for a loaded 2-core machine,
 * where a lazy page takes seconds to render.
 */
export const ASYNC_WAIT_MS = 10_000;
