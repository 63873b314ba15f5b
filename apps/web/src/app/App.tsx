import { RouterProvider } from 'react-router/dom';
import type { createAppRouter } from './router';
import { MaintenanceGate } from '../features/maintenance';
import { AppProviders } from './providers';
import type { AppStore } from './store';

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createAppRouter>;
}

export function App({ store, router }: AppProps) {
  return (
    <AppProviders store={store}>
      <MaintenanceGate>
        <RouterProvider router={router} />
      </MaintenanceGate>
    </AppProviders>
  );
}
