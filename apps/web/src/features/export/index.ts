import { lazy } from 'react';

// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules). The dialog
// loads when first shown (render it inside a Suspense boundary).
export { ExportButton } from './components/ExportButton';

export const ExportDialog = lazy(async () => ({
  default: (await import('./components/ExportDialog')).ExportDialog,
}));
