import { useEffect, useState, type ComponentType } from 'react';
import { CenteredSpinner } from '../components/CenteredSpinner';

/**
 * A page whose code is fetched when it is first shown, behind a spinner. Not React's `lazy`:
 * its Suspense keeps a fallback, once shown, on screen for a while after the code is there.
 */
export function deferredPage(load: () => Promise<ComponentType>): ComponentType {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  return function DeferredPage() {
    const [state, setState] = useState<{ Page?: ComponentType; error?: unknown }>(() => ({
      Page: loaded,
    }));
    useEffect(() => {
      if (loaded) return;
      let active = true;
      loading ??= load();
      loading.then(
        (Page) => {
          loaded = Page;
          if (active) setState({ Page });
        },
        (error: unknown) => {
          loading = undefined;
          if (active) setState({ error });
        },
      );
      return () => {
        active = false;
      };
    }, []);
    // Thrown while rendering, so that the route's error screen offers a reload.
    if (state.error !== undefined) throw state.error;
    const { Page } = state;
    return Page ? <Page /> : <CenteredSpinner />;
  };
}
