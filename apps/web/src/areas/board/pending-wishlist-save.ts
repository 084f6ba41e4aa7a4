import { toggleWishlist } from '@app/contract/resources/job-board/application';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../kit/api';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useSession } from '../../kit/session';
import { loadWishlist, wishlistKey } from './use-wishlist';

// Per tab, like the sign-in it waits for; a wish older than this was given up, not forgotten.
const storageKey = 'board.pendingWishlistJob';
const keptForMs = 30 * 60 * 1000;

/** The heart pressed while signed out: the job to save once its visitor has signed in (or registered). */
export const rememberWishlistSave = (jobId: string) => sessionStorage.setItem(storageKey, JSON.stringify({ jobId, at: Date.now() }));

const takeWishlistSave = () => {
  const stored = sessionStorage.getItem(storageKey);
  if (!stored) return undefined;
  sessionStorage.removeItem(storageKey);
  try {
    const { jobId, at } = JSON.parse(stored) as { jobId?: unknown; at?: unknown };
    return typeof jobId === 'string' && typeof at === 'number' && Date.now() - at < keptForMs ? jobId : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Saves the job whose heart was pressed before signing in, once a job seeker is signed in; another
 * kind of account has no wishlist, so the wish is dropped. A job already saved stays saved.
 */
export const useSavePendingWishlistJob = () => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!user) return;
    const jobId = takeWishlistSave();
    if (!jobId) return;
    if (user.userType !== 'JOB_SEEKER') return;
    void (async () => {
      try {
        const saved = await queryClient.fetchQuery({ queryKey: wishlistKey, queryFn: loadWishlist, staleTime: 0 });
        if (!saved.some((row) => row._id === jobId)) await callApi(toggleWishlist, { jobId });
        await queryClient.invalidateQueries({ queryKey: wishlistKey });
        notifySuccess('Saved to your wishlist');
      } catch (error) {
        notifyFailure(error, 'The job could not be saved');
      }
    })();
  }, [user, queryClient]);
};
