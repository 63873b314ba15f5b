import type { ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  createBrowserRouter,
  createMemoryRouter,
  Link,
  NavLink,
  Outlet,
  RouterProvider,
  useLocation,
  useMatch,
  useMatches,
  useParams,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from '.';

function Show({ name }: { name: string }) {
  const params = useParams();
  const search = useSearchParams();
  const { state } = useLocation();
  return (
    <p data-testid="page">
      {name} {JSON.stringify(params)} {search.toString()} {String(state ?? '')}
    </p>
  );
}

function ErrorScreen() {
  return <p data-testid="error">{String(useRouteError())}</p>;
}

function mount(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const page = () => screen.getByTestId('page').textContent;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('matching', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Outlet />,
      children: [
        { index: true, element: <Show name="home" /> },
        { path: 'organizations/:tab?', element: <Show name="tab" /> },
        { path: '/organizations/invitation', element: <Show name="invitation" /> },
        { path: 'files/*', element: <Show name="files" /> },
        { path: '*', element: <Show name="not found" /> },
      ],
    },
  ];

  it.each([
    ['/', 'home {}'],
    ['/organizations', 'tab {}'],
    ['/organizations/members', 'tab {"tab":"members"}'],
    // A static segment wins over a parameter declared before it.
    ['/organizations/invitation', 'invitation {}'],
    ['/ORGANIZATIONS/Invitation/', 'invitation {}'],
    ['/organizations/a%20b', 'tab {"tab":"a b"}'],
    ['/files/a/b', 'files {"*":"a/b"}'],
    ['/organizations/a/b', 'not found {"*":"organizations/a/b"}'],
  ])('%s shows %s', (path, shown) => {
    mount(routes, path);
    expect(page()?.trim()).toBe(shown);
  });

  it('gives a pattern match of the current path, or null', () => {
    function Probe() {
      const match = useMatch('/chat/:id');
      return <p data-testid="page">{match ? match.params.id : 'none'}</p>;
    }
    const router = mount([{ path: '/chat/:id?', element: <Probe /> }], '/chat/7');
    expect(page()).toBe('7');
    act(() => void router.navigate('/chat'));
    expect(page()).toBe('none');
  });

  it('lists the matched routes with their handles', () => {
    function Handles() {
      return <p data-testid="page">{useMatches().map((match) => String(match.handle))}</p>;
    }
    mount([{ handle: 'a', children: [{ path: '/x', handle: 'b', element: <Handles /> }] }], '/x');
    expect(page()).toBe('ab');
  });
});

describe('lazy routes', () => {
  it('shows the fallback until the code of every matched route has loaded', async () => {
    const layout = deferred<{ element: ReactElement }>();
    const leaf = deferred<{ Component: () => ReactElement }>();
    mount(
      [
        {
          path: '/',
          hydrateFallbackElement: <p data-testid="page">loading</p>,
          lazy: () => layout.promise,
          children: [{ path: 'a/:id', lazy: () => leaf.promise }],
        },
      ],
      '/a/1',
    );
    expect(page()).toBe('loading');
    await act(async () => leaf.resolve({ Component: () => <Show name="leaf" /> }));
    expect(page()).toBe('loading');
    await act(async () => layout.resolve({ element: <Outlet /> }));
    expect(page()?.trim()).toBe('leaf {"id":"1"}');
  });

  it('shows the error element when a route fails to load, and tries again on the next visit', async () => {
    let attempts = 0;
    const router = mount(
      [
        {
          path: '/',
          element: <Outlet />,
          errorElement: <ErrorScreen />,
          children: [
            { index: true, element: <Show name="home" /> },
            {
              path: 'b',
              lazy: async () => {
                attempts += 1;
                if (attempts === 1) throw new Error('chunk failed');
                return { element: <Show name="b" /> };
              },
            },
          ],
        },
      ],
      '/',
    );
    await act(() => router.navigate('/b'));
    expect(screen.getByTestId('error').textContent).toBe('Error: chunk failed');
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/b'));
    expect(page()?.trim()).toBe('b {}');
  });

  it('keeps the page shown until the next one has loaded, and drops a navigation overtaken by another', async () => {
    const slow = deferred<{ element: ReactElement }>();
    const router = mount(
      [
        { path: '/', element: <Show name="home" /> },
        { path: '/slow', lazy: () => slow.promise },
        { path: '/fast', lazy: async () => ({ element: <Show name="fast" /> }) },
      ],
      '/',
    );
    let slowDone!: Promise<void>;
    act(() => {
      slowDone = router.navigate('/slow');
    });
    expect(page()?.trim()).toBe('home {}');
    await act(() => router.navigate('/fast'));
    expect(page()?.trim()).toBe('fast {}');
    await act(async () => {
      slow.resolve({ element: <Show name="slow" /> });
      await slowDone;
    });
    expect(page()?.trim()).toBe('fast {}');
    expect(router.state.location.pathname).toBe('/fast');
  });
});

describe('render errors', () => {
  it('shows the nearest error element in place of a page that throws, until the next navigation', async () => {
    function Broken(): ReactElement {
      throw new Error('render failed');
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = mount(
      [
        {
          path: '/',
          element: <Outlet />,
          errorElement: <ErrorScreen />,
          children: [
            { path: 'broken', element: <Broken /> },
            { path: 'fine', element: <Show name="fine" /> },
          ],
        },
      ],
      '/broken',
    );
    expect(screen.getByTestId('error').textContent).toBe('Error: render failed');
    await act(() => router.navigate('/fine'));
    expect(page()?.trim()).toBe('fine {}');
  });
});

describe('links', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <>
          <nav>
            <NavLink to="/chat" end>
              New
            </NavLink>
            <NavLink to="/chat">Chats</NavLink>
            <Link to="/chat/7?x=1" state="from link">
              Seven
            </Link>
          </nav>
          <Outlet />
        </>
      ),
      children: [
        { index: true, element: <Show name="home" /> },
        { path: 'chat/:id?', element: <Show name="chat" /> },
      ],
    },
  ];

  it('moves within the app on a plain click, with the query and the state passed', () => {
    const router = mount(routes, '/');
    const seven = screen.getByRole('link', { name: 'Seven' });
    expect(seven.getAttribute('href')).toBe('/chat/7?x=1');
    expect(fireEvent.click(seven)).toBe(false);
    expect(page()?.trim()).toBe('chat {"id":"7"} x=1 from link');
    expect(router.state.location.search).toBe('?x=1');
  });

  it('leaves a click with a modifier key to the browser', () => {
    const router = mount(routes, '/');
    const seven = screen.getByRole('link', { name: 'Seven' });
    // Not prevented: the browser opens the address in a new tab.
    expect(fireEvent.click(seven, { ctrlKey: true })).toBe(true);
    expect(router.state.location.pathname).toBe('/');
  });

  it('marks the link of the page shown as current, and with `end` only on its own path', () => {
    const router = mount(routes, '/chat');
    const current = (name: string) =>
      screen.getByRole('link', { name }).getAttribute('aria-current');
    expect([current('New'), current('Chats')]).toEqual(['page', 'page']);
    act(() => void router.navigate('/chat/7'));
    expect([current('New'), current('Chats')]).toEqual([null, 'page']);
    act(() => void router.navigate('/'));
    expect([current('New'), current('Chats')]).toEqual([null, null]);
  });
});

describe('browser history', () => {
  it('adds an entry per navigation but not for the address already shown, and follows the back button', async () => {
    window.history.replaceState(null, '', '/');
    const router = createBrowserRouter([{ path: '/:name?', element: <Show name="page" /> }]);
    render(<RouterProvider router={router} />);
    const start = window.history.length;
    await act(() => router.navigate('/a', { state: 'kept' }));
    await act(() => router.navigate('/a', { state: 'kept' }));
    expect(window.history.length).toBe(start + 1);
    expect(window.location.pathname).toBe('/a');
    expect(page()?.trim()).toBe('page {"name":"a"}  kept');
    await act(() => router.navigate('/b', { replace: true }));
    expect(window.history.length).toBe(start + 1);
    const popped = new Promise((resolve) =>
      window.addEventListener('popstate', resolve, { once: true }),
    );
    await act(async () => {
      window.history.back();
      await popped;
    });
    expect(page()?.trim()).toBe('page {}');
  });
});
