// The public face of the feature for other features (docs/ARCHITECTURE.md, Rules); its pages
// are lazy-loaded by the router.
export { useGetBillingOverviewQuery } from './api';
export { PlanChooser } from './components/PlanChooser';
export { PlanPicker } from './components/PlanPicker';
export { SubscriptionPanel } from './components/SubscriptionPanel';
export { usePlanName } from './plan-name';
export type { PlanState } from './plan-state';
