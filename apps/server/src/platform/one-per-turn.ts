/**
 * Lets its callers go on one per turn of the event loop, so that between two of them the loop
 * reads the sockets: a burst of new work does not hold up what is already flowing.
 */
export function onePerTurn(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  // An immediate queued while immediates run waits for the next turn, after the sockets.
  const releaseOne = () => {
    waiting.shift()?.();
    if (waiting.length > 0) setImmediate(releaseOne);
    else scheduled = false;
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!scheduled) {
        scheduled = true;
        setImmediate(releaseOne);
      }
    });
}
