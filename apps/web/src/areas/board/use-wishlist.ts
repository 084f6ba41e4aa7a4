import { toggleWishlist, wishlistJobs } from '@app/contract/resources/job-board/application';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/session';
import type { JobSummary } from './types';

export const wishlistKey = ['board', 'wishlist'] as const;

export type WishlistJob = JobSummary & { savedAt: string };

export const loadWishlist = ({ signal }: { signal?: AbortSignal }) => callApi(wishlistJobs, {}, { signal });

/** The signed-in seeker's saved jobs, newest first (empty for everybody else). */
export const useWishlist = () => {
  const { user } = useSession();
  return useQuery({
    queryKey: wishlistKey,
    queryFn: loadWishlist,
    enabled: user?.userType === 'JOB_SEEKER',
    staleTime: 30_000,
  });
};

/** Saves a job to the wishlist or takes it off; the answer says which. */
export const useToggleWishlist = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (jobId: string) => callApi(toggleWishlist, { jobId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wishlistKey }),
  });
};
