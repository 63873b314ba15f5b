import { useContext, useMemo, type ReactNode } from 'react';
import { OutletContext, RouteErrorContext, useRouterContext } from './context';
import type { Location } from './history';
import { matchPath, type Params } from './match';
import type { NavigateOptions, RouteMatch } from './router';

export function useLocation(): Location {
  return useRouterContext().state.location;
}

/** Navigates to a path (absolute or relative to the current one); the same function always. */
export function useNavigate(): (to: string, options?: NavigateOptions) => Promise<void> {
  return useRouterContext().router.navigate;
}

/** Every parameter of the matched routes. */
export function useParams(): Params {
  return useRouterContext().state.matches.at(-1)?.params ?? {};
}

export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The current path's parameters under `pattern`, or null when it does not match. */
export function useMatch(pattern: string): { params: Params } | null {
  const { pathname } = useLocation();
  return useMemo(() => matchPath(pattern, pathname), [pattern, pathname]);
}

export function useMatches(): RouteMatch[] {
  return useRouterContext().state.matches;
}

/** The error that the route's `errorElement` stands in for. */
export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

export function useOutlet(): ReactNode {
  return useContext(OutletContext);
}
