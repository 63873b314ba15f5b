import { lazy, useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../app/api/api';

// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules); its pages
// are lazy-loaded by the router.

/** Lazy: the history (virtual list, dialogs) loads after the shell has painted. */
export const HistoryPanel = lazy(async () => ({
  default: (await import('./components/HistoryPanel')).HistoryPanel,
}));

/**
 * Keeps the tab's socket open on every page of the shell: a context changed in another tab
 * or by someone else (a switch, a removal, a deletion) then reloads this one too, and new
 * rules in the same context (a role, the allowed models) are fetched again.
 */
export function useLiveConnection() {
  const dispatch = useDispatch();
  useEffect(() => {
    let cancelled = false;
    let stop: (() => void) | undefined;
    void import('./realtime/chat-runtime').then(({ chatRuntime }) => {
      if (cancelled) return;
      const { socket } = chatRuntime();
      stop = socket.onContextUpdated(() => {
        dispatch(api.util.invalidateTags(['Organization', 'Models', 'Members']));
      });
      socket.keepOpen();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [dispatch]);
}
