import { MaintenanceBanner } from '../features/maintenance/components/MaintenanceBanner';
import { ShellLayout } from '../features/shell/components/ShellLayout';

/** The shell with the app-wide notices composed in. */
export function AppShell() {
  return <ShellLayout banner={<MaintenanceBanner />} />;
}
