/**
 * The app's router: nested routes with lazily loaded pages, an error screen per route, and
 * the hooks and links the pages use. Written for this app in place of a general router,
 * whose data layer (loaders, actions, fetchers) the app never used.
 */
export { Link, Navigate, NavLink, Outlet, type LinkProps } from './components';
export {
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from './hooks';
export { RouterProvider } from './RouterProvider';
export {
  createBrowserRouter,
  createMemoryRouter,
  type NavigateOptions,
  type RouteMatch,
  type RouteObject,
  type Router,
} from './router';
