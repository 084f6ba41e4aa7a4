import type { UserType } from '@app/contract/access';
import { homeOf } from '@app/contract/access';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ChoosePasswordPage } from '../areas/auth/choose-password-page';
import { useSession } from '../kit/session';
import { FullPageLoader } from './full-page-loader';

/**
 * An area is for its user types: others go to their own area, and nobody signed in goes to /login.
 * Someone holding a mailed temporary password chooses their own before anything else.
 */
export const RequireUser = ({ types }: { types: readonly UserType[] }) => {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <FullPageLoader />;
  if (!user) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (!types.includes(user.userType)) return <Navigate to={homeOf[user.userType]} replace />;
  if (user.mustChangePassword) return <ChoosePasswordPage />;
  return <Outlet />;
};
