import { useLiveConnection } from '../features/chat';
import { AnnouncedMaintenanceBanner } from '../features/maintenance/components/AnnouncedMaintenanceBanner';
import { ShellLayout } from '../features/shell';

/** The shell with the app-wide notices composed in. */
export function AppShell() {
  useLiveConnection();
  return <ShellLayout banner={<AnnouncedMaintenanceBanner />} />;
}
