/**
 * Stops asking a register that keeps failing: after `failures` failures in a row it is left
 * alone for `pauseMs`, then tried again by the next call.
 */
export function createCircuitBreaker(options: {
  failures: number;
  pauseMs: number;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let failuresInARow = 0;
  let closedUntil = 0;
  return {
    isOpen: () => now() < closedUntil,
    succeeded() {
      failuresInARow = 0;
    },
    failed() {
      failuresInARow += 1;
      if (failuresInARow >= options.failures) {
        closedUntil = now() + options.pauseMs;
        failuresInARow = 0;
      }
    },
  };
}
