// The public face of the feature for the app, which wires it into the store and the layout.
// Only what the first page loads anyway; the banner itself loads when a window is announced.
export { MaintenanceGate } from './components/MaintenanceGate';
export { OutsideShellBanner } from './components/OutsideShellBanner';
export { maintenanceListener } from './listener';
