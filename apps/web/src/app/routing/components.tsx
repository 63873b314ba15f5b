import { useEffect, type AnchorHTMLAttributes, type MouseEvent, type Ref } from 'react';
import { useRouterContext } from './context';
import { hrefOf, resolveLocation } from './history';
import { useLocation, useNavigate, useOutlet } from './hooks';

/** Where the matched child route shows. */
export function Outlet() {
  return useOutlet();
}

/** Navigates as soon as it is rendered. */
export function Navigate({
  to,
  replace,
  state,
}: {
  to: string;
  replace?: boolean;
  state?: unknown;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/** The browser handles clicks meant for a new tab or window, or another frame. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** An anchor that moves within the app without loading the page again. */
export function Link({ to, replace, state, onClick, target, ref, ...rest }: LinkProps) {
  const { router } = useRouterContext();
  const { pathname } = useLocation();
  const location = resolveLocation(to, pathname, state);
  const href = hrefOf(location);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event, target)) return;
        event.preventDefault();
        void router.navigate(href, { replace, state });
      }}
    />
  );
}

/**
 * A link marked `aria-current` while its page is shown, or (unless `end`) a page below it.
 */
export function NavLink({ end, ...props }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = resolveLocation(props.to, pathname, null).pathname.toLowerCase();
  const current = pathname.toLowerCase();
  const below = !end && current.startsWith(target.endsWith('/') ? target : `${target}/`);
  const active = current === target || below;
  return <Link {...props} aria-current={active ? (props['aria-current'] ?? 'page') : undefined} />;
}
