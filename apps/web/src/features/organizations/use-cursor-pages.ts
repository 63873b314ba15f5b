import { useCallback, useState } from 'react';

/**
 * The pages of a list shown one under the other, each named by the cursor it starts at
 * (undefined: the first): "more" adds the next, a new search or filter starts again.
 */
export function useCursorPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const more = useCallback((next: string) => setCursors((shown) => [...shown, next]), []);
  const restart = useCallback(() => setCursors([undefined]), []);
  return { cursors, more, restart };
}

export type CursorPages = ReturnType<typeof useCursorPages>;
