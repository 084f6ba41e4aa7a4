import { me, type SignedInUser } from '@app/contract/resources/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi, isApiError, pageCookie } from './api';

export const sessionKey = ['session'] as const;

/** The server sets this readable cookie beside its httpOnly session cookie, and clears both when the session ends. */
const maySignedIn = () =>
  pageCookie()
    .split(';')
    .some((part) => part.trim() === 'signed_in=1');

const loadSession = async (): Promise<SignedInUser | null> => {
  // A signed-out visit asks nothing, so it logs no failed request.
  if (!maySignedIn()) return null;
  try {
    return await callApi(me, {}, { expectUnauthorized: true });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
};

/** The signed-in user, or null; the session cookie is httpOnly, so `/auth/me` is the only way to know who. */
export const useSession = () => {
  const query = useQuery({ queryKey: sessionKey, queryFn: loadSession, staleTime: 5 * 60 * 1000, retry: 1 });
  return { user: query.data ?? null, isLoading: query.isPending, error: query.error };
};

/**
 * Records a sign-in without waiting for the server again. (Signing out reloads the page, which
 * forgets everything.) Sign-in does not answer the organisation's name, so `/auth/me` fills it in.
 */
export const useSetSession = () => {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SignedInUser) => {
      queryClient.setQueryData(sessionKey, user);
      if (user.organisationId && user.organisationName === undefined) void queryClient.invalidateQueries({ queryKey: sessionKey });
    },
    [queryClient],
  );
};
