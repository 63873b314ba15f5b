import type { ComponentType, ReactNode } from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  hrefOf,
  resolveLocation,
  type History,
  type Location,
} from './history';
import {
  compilePath,
  execPath,
  explodeOptionalSegments,
  rankPath,
  type Params,
  type PathPattern,
} from './match';

/** What a route shows; `lazy` supplies the same fields from a chunk loaded on first match. */
export interface RouteContent {
  element?: ReactNode;
  Component?: ComponentType;
}

export interface RouteObject extends RouteContent {
  /** Relative to the parent's path, or absolute; `:name`, `:name?` and a final `*`. */
  path?: string;
  index?: boolean;
  lazy?: () => Promise<RouteContent>;
  /** Shown instead of this route and its children when one of them fails. */
  errorElement?: ReactNode;
  /** Shown until the first page's code has loaded. */
  hydrateFallbackElement?: ReactNode;
  /** Anything the route tells the components that list the matches. */
  handle?: unknown;
  children?: RouteObject[];
}

export interface RouteMatch {
  route: RouteObject;
  params: Params;
  handle: unknown;
}

export interface RouterState {
  location: Location;
  matches: RouteMatch[];
  /** False until the first location's routes have loaded. */
  initialized: boolean;
  /** A route that failed to load or render, shown at the match `at`. */
  error?: { at: number; error: unknown };
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface Router {
  readonly state: RouterState;
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
  /** The content of a matched route, once its `lazy` has resolved. */
  contentOf(route: RouteObject): RouteContent;
}

interface Branch {
  routes: RouteObject[];
  pattern: PathPattern;
  score: number;
}

function joinPaths(parent: string, path: string): string {
  return path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;
}

/** Every route that can match on its own, with its ancestors, the most specific first. */
function flattenRoutes(routes: RouteObject[], parents: RouteObject[] = [], parentPath = '/') {
  const branches: Branch[] = [];
  for (const route of routes) {
    const path = route.path === undefined ? parentPath : joinPaths(parentPath, route.path);
    const chain = [...parents, route];
    if (route.children) branches.push(...flattenRoutes(route.children, chain, path));
    // A layout without a path only matches through its children.
    if (route.path === undefined && !route.index) continue;
    for (const exploded of explodeOptionalSegments(path)) {
      const score = rankPath(exploded, route.index === true);
      branches.push({ routes: chain, pattern: compilePath(exploded), score });
    }
  }
  return branches;
}

function rankBranches(routes: RouteObject[]): Branch[] {
  return flattenRoutes(routes)
    .map((branch, order) => ({ branch, order }))
    .sort((a, b) => b.branch.score - a.branch.score || a.order - b.order)
    .map(({ branch }) => branch);
}

export function createRouter(routes: RouteObject[], history: History): Router {
  const branches = rankBranches(routes);
  const loaded = new WeakMap<RouteObject, RouteContent>();
  const loading = new WeakMap<RouteObject, Promise<RouteContent>>();
  const listeners = new Set<() => void>();
  let latest = 0;

  const match = (pathname: string): RouteMatch[] => {
    for (const branch of branches) {
      const params = execPath(branch.pattern, pathname);
      if (params) return branch.routes.map((route) => ({ route, params, handle: route.handle }));
    }
    return [];
  };

  const load = (route: RouteObject): Promise<RouteContent> => {
    const lazy = route.lazy;
    if (!lazy || loaded.has(route)) return Promise.resolve(loaded.get(route) ?? route);
    let pending = loading.get(route);
    if (!pending) {
      pending = lazy().then(
        (content) => {
          loaded.set(route, { ...route, ...content });
          return content;
        },
        (error: unknown) => {
          // A later visit tries again (the network may be back).
          loading.delete(route);
          throw error;
        },
      );
      loading.set(route, pending);
    }
    return pending;
  };

  const commit = (next: RouterState) => {
    router.state = next;
    for (const listener of [...listeners]) listener();
  };

  const show = (
    location: Location,
    matches: RouteMatch[],
    failures: ({ error: unknown } | undefined)[],
  ) => {
    const failed = failures.findIndex((failure) => failure !== undefined);
    let error: RouterState['error'];
    if (failed !== -1) {
      let at = failed;
      while (at > 0 && matches[at]!.route.errorElement === undefined) at -= 1;
      error = { at, error: failures[failed]!.error };
    }
    commit({ location, matches, initialized: true, error });
  };

  /**
   * Shows `location` once the code of its routes has loaded (at once when it already has),
   * unless another navigation came in the meantime.
   */
  const go = async (location: Location, write?: (location: Location) => void) => {
    const ticket = ++latest;
    const matches = match(location.pathname);
    if (matches.every(({ route }) => !route.lazy || loaded.has(route))) {
      write?.(location);
      show(location, matches, []);
      return;
    }
    const failures = await Promise.all(
      matches.map((each) =>
        load(each.route).then(
          () => undefined,
          (error: unknown) => ({ error }),
        ),
      ),
    );
    if (ticket !== latest) return;
    write?.(location);
    show(location, matches, failures);
  };

  const router: Router & { state: RouterState } = {
    state: {
      location: history.location,
      matches: match(history.location.pathname),
      initialized: false,
    },
    navigate(to, options = {}) {
      const from = router.state.location;
      const location = resolveLocation(to, hrefOf(from), options.state ?? null);
      // Going to where one already is replaces the entry, as a link to the current page does.
      const replace = options.replace === true || hrefOf(location) === hrefOf(from);
      return go(location, replace ? history.replace : history.push);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    contentOf: (route) => loaded.get(route) ?? route,
  };
  history.listen((location) => void go(location));
  void go(history.location);
  return router;
}

export function createBrowserRouter(routes: RouteObject[]): Router {
  return createRouter(routes, createBrowserHistory());
}

export function createMemoryRouter(
  routes: RouteObject[],
  options: { initialEntries?: string[] } = {},
): Router {
  return createRouter(routes, createMemoryHistory(options.initialEntries));
}
