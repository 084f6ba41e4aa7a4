import { setupStatus } from '@app/contract/resources/auth';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { callApi } from '../kit/api';
import { UnsavedChangesGuard } from '../kit/unsaved-changes';
import { FullPageLoader } from './full-page-loader';

export const setupStatusKey = ['setup-status'] as const;

/** A fresh installation has no super admin yet: every screen leads to /setup until one exists. */
export const SetupGate = () => {
  const location = useLocation();
  const status = useQuery({
    queryKey: setupStatusKey,
    queryFn: () => callApi(setupStatus, {}),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (status.isPending) return <FullPageLoader />;
  const needsSetup = status.data?.needsSetup === true;
  if (needsSetup && location.pathname !== '/setup') return <Navigate to="/setup" replace />;
  if (!needsSetup && status.isSuccess && location.pathname === '/setup') return <Navigate to="/login" replace />;
  return (
    <>
      <Outlet />
      <UnsavedChangesGuard />
    </>
  );
};
