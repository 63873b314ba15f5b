import { createContext, useContext, type ReactNode } from 'react';
import type { Router, RouterState } from './router';

export const RouterContext = createContext<{ router: Router; state: RouterState } | null>(null);

/** What `<Outlet />` renders at this level: the matched child route, if any. */
export const OutletContext = createContext<ReactNode>(null);

export const RouteErrorContext = createContext<unknown>(undefined);

export function useRouterContext() {
  const context = useContext(RouterContext);
  if (!context) throw new Error('A routing hook was used outside <RouterProvider>');
  return context;
}
