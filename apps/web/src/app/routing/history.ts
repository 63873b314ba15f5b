export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the page that navigated here passed along (never in the address). */
  state: unknown;
  key: string;
}

/** Where the router reads and writes the address: the browser's, or a list in tests. */
export interface History {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  /** Calls back when the user moves through the history (the back button). */
  listen(onPop: (location: Location) => void): () => void;
}

export function createKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

export function hrefOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}

/** `to` (a path, possibly relative, with a query and a fragment) seen from `from`. */
export function resolveLocation(to: string, from: string, state: unknown): Location {
  const url = new URL(to, `http://localhost${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key: createKey() };
}

interface StoredState {
  usr?: unknown;
  key?: string;
}

export function createBrowserHistory(): History {
  const read = (): Location => {
    const stored = (window.history.state ?? {}) as StoredState;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: stored.usr ?? null, key: stored.key ?? 'default' };
  };
  const write = (method: 'pushState' | 'replaceState', location: Location) =>
    window.history[method]({ usr: location.state, key: location.key }, '', hrefOf(location));
  return {
    get location() {
      return read();
    },
    push: (location) => write('pushState', location),
    replace: (location) => write('replaceState', location),
    listen(onPop) {
      const handle = () => onPop(read());
      window.addEventListener('popstate', handle);
      return () => window.removeEventListener('popstate', handle);
    },
  };
}

/** A history kept in memory, starting at the last of `entries` (tests). */
export function createMemoryHistory(entries: string[] = ['/']): History {
  const stack = entries.map((entry) => resolveLocation(entry, '/', null));
  let index = stack.length - 1;
  return {
    get location() {
      return stack[index]!;
    },
    push(location) {
      stack.splice(index + 1, stack.length, location);
      index = stack.length - 1;
    },
    replace(location) {
      stack[index] = location;
    },
    listen: () => () => undefined,
  };
}
