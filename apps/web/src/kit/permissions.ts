import { type MyPermissions, myPermissions } from '@app/contract/resources/auth';
import { useQuery } from '@tanstack/react-query';
import { callApi } from './api';
import { useSession } from './session';

/**
 * What the signed-in user's roles allow: the permissions themselves, `loading` while they are asked
 * for (actions they decide wait), or `unavailable` when they cannot be had (the server decides, and
 * says so with a 403).
 */
export type PermissionsState = MyPermissions | 'loading' | 'unavailable';

export const permissionsKey = ['permissions'] as const;

const notLimited: MyPermissions = { isOrganisationAdmin: false, grants: [] };

/** A CRM user's permissions, asked for once per session; other user types are not limited by them. */
export const usePermissions = (): PermissionsState => {
  const { user } = useSession();
  const limited = user?.userType === 'CRM_USER';
  const query = useQuery({
    // Keyed by the user, so someone signing in after an expired session never sees another's.
    queryKey: [...permissionsKey, user?._id ?? null],
    queryFn: ({ signal }) => callApi(myPermissions, {}, { signal }),
    enabled: limited,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (!limited) return notLimited;
  if (query.data) return query.data;
  return query.isError ? 'unavailable' : 'loading';
};
