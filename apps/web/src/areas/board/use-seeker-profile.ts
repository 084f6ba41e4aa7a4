import { myJobSeekerProfile } from '@app/contract/resources/job-board/job-seeker';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/session';
import type { SeekerRecord } from './types';

export const seekerProfileKey = ['board', 'seeker-profile'] as const;

/** The signed-in job seeker's own record (GET /job-seeker/profile). */
export const useSeekerProfile = () => {
  const { user } = useSession();
  return useQuery({
    queryKey: seekerProfileKey,
    queryFn: ({ signal }) => callApi(myJobSeekerProfile, {}, { signal }),
    enabled: user?.userType === 'JOB_SEEKER',
  });
};

/** Every profile update answers the whole record: it replaces the cached one. */
export const useSetSeekerProfile = () => {
  const queryClient = useQueryClient();
  return useCallback((record: SeekerRecord) => queryClient.setQueryData(seekerProfileKey, record), [queryClient]);
};
