import type { Message } from '@themis/shared';
import { useLayoutEffect, useMemo, useRef } from 'react';

export interface MessageActions {
  edit: (message: Message) => void;
  regenerate: (answer: Message) => void;
  showVersion: (message: Message, version: number) => Promise<void>;
}

/**
 * Handlers that stay the same from render to render, so the messages (memoised) are not
 * drawn again at every delta of an answer; they call the latest render's functions.
 */
export function useMessageActions(actions: MessageActions) {
  const latest = useRef(actions);
  useLayoutEffect(() => {
    latest.current = actions;
  });
  return useMemo(
    () => ({
      onEdit: (message: Message) => latest.current.edit(message),
      onRegenerate: (answer: Message) => latest.current.regenerate(answer),
      onSwitchVersion: (message: Message, version: number) =>
        void latest.current.showVersion(message, version),
    }),
    [],
  );
}
