import { lazy } from 'react';

// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules); its page
// is lazy-loaded by the router. The dialog and the settings tab load when first shown
// (render them inside a Suspense boundary).
export { ShareButton } from './components/ShareButton';
export { useCanShare } from './use-can-share';

export const ShareDialog = lazy(async () => ({
  default: (await import('./components/ShareDialog')).ShareDialog,
}));

export const LinkManagerTab = lazy(async () => ({
  default: (await import('./components/LinkManagerTab')).LinkManagerTab,
}));
