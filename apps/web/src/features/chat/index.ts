import { lazy } from 'react';

// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules); its pages
// are lazy-loaded by the router.

/** Lazy: the history (virtual list, dialogs) loads after the shell has painted. */
export const HistoryPanel = lazy(async () => ({
  default: (await import('./components/HistoryPanel')).HistoryPanel,
}));
