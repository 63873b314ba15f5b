import { describe, expect, it } from 'vitest';
import { onePerTurn } from './one-per-turn';

/** Counts the turns of the event loop: an immediate queued by an immediate runs in the next. */
function turnCounter() {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    now: () => turn,
    stop: () => {
      running = false;
    },
  };
}

describe('onePerTurn', () => {
  it('lets its callers go on one per turn of the event loop, in the order they came', async () => {
    const turns = turnCounter();
    const nextTurn = onePerTurn();
    const seen: { caller: number; turn: number }[] = [];
    await Promise.all(
      [0, 1, 2, 3].map(async (caller) => {
        await nextTurn();
        seen.push({ caller, turn: turns.now() });
      }),
    );
    turns.stop();
    expect(seen.map((entry) => entry.caller)).toEqual([0, 1, 2, 3]);
    for (let i = 1; i < seen.length; i += 1) {
      expect(seen[i]!.turn).toBeGreaterThan(seen[i - 1]!.turn);
    }
  });

  it('starts again after it has emptied', async () => {
    const nextTurn = onePerTurn();
    await nextTurn();
    await expect(Promise.all([nextTurn(), nextTurn()])).resolves.toEqual([undefined, undefined]);
  });
});
