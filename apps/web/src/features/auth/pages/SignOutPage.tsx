import { useEffect } from 'react';
import { logout } from '../../../app/session';
import { CenteredSpinner } from '../../../components/CenteredSpinner';

/** /auth/signout: signs this device out through the logout URL. */
export function SignOutPage() {
  useEffect(() => logout(), []);
  return <CenteredSpinner />;
}
