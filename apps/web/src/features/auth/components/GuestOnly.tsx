import { useEffect, useState } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';
import { useSignedIn } from '../../../app/session-bootstrap-query';
import { CenteredSpinner } from '../../../components/CenteredSpinner';
import { forgetDestination, pendingDestination } from '../pending-destination';
import { safeRedirectPath } from '../redirect';

/**
 * Goes on to `from`, else the invitation or link kept for after signing in (then forgotten),
 * else the chat; decided once, as the guard renders again before the navigation ends.
 */
function GoOn({ from }: { from: string | null }) {
  const [to] = useState(() => safeRedirectPath(from ?? pendingDestination()));
  useEffect(forgetDestination, []);
  return <Navigate to={to} replace />;
}

/**
 * Login and registration are for visitors without a session. A signed-in user, including
 * one who has just signed in on this page, goes on to `from`, the invitation or shared link
 * kept while signing up, or the chat.
 */
export function GuestOnly() {
  const [params] = useSearchParams();
  // One call for a visitor: the bootstrap says there is no session, without an error.
  const { bootstrap, signedIn } = useSignedIn();
  if (signedIn) {
    return <GoOn from={params.get('from')} />;
  }
  if (bootstrap.isLoading) return <CenteredSpinner />;
  return <Outlet />;
}
