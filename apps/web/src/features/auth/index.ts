// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules).
export { forgetDestination, pendingDestination } from './pending-destination';
