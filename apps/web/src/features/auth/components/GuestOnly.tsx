import { Navigate, Outlet, useSearchParams } from 'react-router';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { useVerifyQuery } from '../api';
import { safeRedirectPath } from '../redirect';

/**
 * Login and registration are for visitors without a session. A signed-in user, including
 * one who has just signed in on this page, goes on to `from` or the chat.
 */
export function GuestOnly() {
  const [params] = useSearchParams();
  const { data: user, isLoading } = useVerifyQuery();
  if (user) return <Navigate to={safeRedirectPath(params.get('from'))} replace />;
  if (isLoading) return <CenteredSpinner />;
  return <Outlet />;
}
