import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { RouteErrorPage } from '../features/errors/pages/RouteErrorPage';
import { paths } from './paths';

// Pages use the function form of `lazy`: with the object form a chunk that fails to load
// never reaches the errorElement and the page stays blank.
export const routes: RouteObject[] = [
  {
    path: paths.root,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <CenteredSpinner />,
    children: [
      { index: true, element: <Navigate to={paths.chat} replace /> },
      {
        lazy: async () => ({ Component: (await import('./AppShell')).AppShell }),
        children: [
          {
            path: 'chat/:conversationId?',
            lazy: async () => ({
              Component: (await import('../features/chat/pages/ChatPage')).ChatPage,
            }),
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({
          Component: (await import('../features/errors/pages/NotFoundPage')).NotFoundPage,
        }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
