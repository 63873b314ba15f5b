import { Navigate, Outlet, useSearchParams } from 'react-router';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { useSignedIn } from '../../session/api';
import { safeRedirectPath } from '../redirect';

/**
 * Login and registration are for visitors without a session. A signed-in user, including
 * one who has just signed in on this page, goes on to `from` or the chat.
 */
export function GuestOnly() {
  const [params] = useSearchParams();
  // One call for a visitor: the bootstrap says there is no session, without an error.
  const { bootstrap, signedIn } = useSignedIn();
  if (signedIn) return <Navigate to={safeRedirectPath(params.get('from'))} replace />;
  if (bootstrap.isLoading) return <CenteredSpinner />;
  return <Outlet />;
}
