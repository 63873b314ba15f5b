// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules).
export { NotFoundPage } from './pages/NotFoundPage';
