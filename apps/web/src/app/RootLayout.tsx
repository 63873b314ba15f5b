import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { OutsideShellBanner } from '../features/maintenance';
import { markFirstPageShown } from './first-page';

/** Every page: the notices of the pages outside the shell, then the page. */
export function RootLayout() {
  // The router renders this once the first page's code has loaded, with that page.
  useEffect(markFirstPageShown, []);
  return (
    <>
      <OutsideShellBanner />
      <Outlet />
    </>
  );
}
