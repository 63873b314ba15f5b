import { Component, useSyncExternalStore, type ReactNode } from 'react';
import type { Location } from './history';
import { OutletContext, RouteErrorContext, RouterContext } from './context';
import type { Router, RouterState } from './router';

interface BoundaryProps {
  location: Location;
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  location: Location;
  error?: { value: unknown };
}

/** A route's `errorElement` in place of what failed to render, until the next navigation. */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { location: this.props.location };

  static getDerivedStateFromError(value: unknown): Partial<BoundaryState> {
    return { error: { value } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.location === state.location
      ? null
      : { location: props.location, error: undefined };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <RouteErrorContext.Provider value={error.value}>
        {this.props.fallback}
      </RouteErrorContext.Provider>
    );
  }
}

function renderMatches(router: Router, state: RouterState): ReactNode {
  const { matches, error, location } = state;
  if (!state.initialized) {
    return matches.find((match) => match.route.hydrateFallbackElement)?.route
      .hydrateFallbackElement;
  }
  let outlet: ReactNode = null;
  const last = error ? error.at : matches.length - 1;
  for (let at = last; at >= 0; at -= 1) {
    const { route } = matches[at]!;
    const content = router.contentOf(route);
    if (error && at === error.at) {
      outlet = (
        <RouteErrorContext.Provider value={error.error}>
          {route.errorElement}
        </RouteErrorContext.Provider>
      );
      continue;
    }
    const own: ReactNode = content.Component ? <content.Component /> : content.element;
    // A route that shows nothing of its own shows its child, as if it held an <Outlet />.
    const node: ReactNode =
      own === undefined ? (
        outlet
      ) : (
        <OutletContext.Provider value={outlet}>{own}</OutletContext.Provider>
      );
    outlet =
      route.errorElement === undefined ? (
        node
      ) : (
        <RouteErrorBoundary location={location} fallback={route.errorElement}>
          {node}
        </RouteErrorBoundary>
      );
  }
  return outlet;
}

/** Renders the matched routes of `router`, nested through their `<Outlet />`s. */
export function RouterProvider({ router }: { router: Router }) {
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  return (
    <RouterContext.Provider value={{ router, state }}>
      {renderMatches(router, state)}
    </RouterContext.Provider>
  );
}
