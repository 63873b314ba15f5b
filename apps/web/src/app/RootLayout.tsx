import { Outlet } from 'react-router';
import { OutsideShellBanner } from '../features/maintenance';

/** Every page: the notices of the pages outside the shell, then the page. */
export function RootLayout() {
  return (
    <>
      <OutsideShellBanner />
      <Outlet />
    </>
  );
}
