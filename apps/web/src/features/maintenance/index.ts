// The public face of the feature for the app, which wires it into the store and the layout.
// Only what the first page loads anyway: the shell's MaintenanceBanner stays out (see AppShell).
export { MaintenanceGate } from './components/MaintenanceGate';
export { OutsideShellBanner } from './components/OutsideShellBanner';
export { maintenanceListener } from './listener';
