// Imported from the file, not from maintenance/index: through the index the banner (and
// date-fns) would join the first page. The router lazy-loads this file like a page.
import { MaintenanceBanner } from '../features/maintenance/components/MaintenanceBanner';
import { useLiveConnection } from '../features/chat';
import { ShellLayout } from '../features/shell';

/** The shell with the app-wide notices composed in. */
export function AppShell() {
  useLiveConnection();
  return <ShellLayout banner={<MaintenanceBanner />} />;
}
