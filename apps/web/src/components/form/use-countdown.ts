import { useCallback, useEffect, useState } from 'react';

/** Seconds left until a moment, ticking every second; `start` sets a new moment. */
export function useCountdown(initialSeconds = 0): {
  seconds: number;
  start: (seconds: number) => void;
} {
  const [{ endsAt, now }, setClock] = useState(() => {
    const at = Date.now();
    return { endsAt: at + initialSeconds * 1000, now: at };
  });

  useEffect(() => {
    if (endsAt <= now) return;
    const timer = setInterval(() => setClock((clock) => ({ ...clock, now: Date.now() })), 1000);
    return () => clearInterval(timer);
  }, [endsAt, now]);

  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setClock({ endsAt: at + seconds * 1000, now: at });
  }, []);

  return { seconds: Math.max(0, Math.ceil((endsAt - now) / 1000)), start };
}
