import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { useSession } from '../../kit/session';
import { rememberWishlistSave } from './pending-wishlist-save';
import { useToggleWishlist, useWishlist } from './use-wishlist';

/**
 * The heart that saves a job for later. Job seekers toggle it; visitors are taken to sign in and
 * come back to find the job saved; other accounts have no wishlist, so they see no heart.
 */
export const WishlistButton = ({ jobId, jobTitle, size = 'lg' }: { jobId: string; jobTitle: string; size?: 'md' | 'lg' | 'xl' }) => {
  const { user } = useSession();
  const wishlist = useWishlist();
  const toggle = useToggleWishlist();
  const navigate = useNavigate();
  const location = useLocation();
  if (user && user.userType !== 'JOB_SEEKER') return null;

  const saved = Boolean(wishlist.data?.some((row) => row._id === jobId));
  const label = saved ? `Remove ${jobTitle} from wishlist` : `Save ${jobTitle} to wishlist`;
  const click = async () => {
    if (!user) {
      rememberWishlistSave(jobId);
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    try {
      const answer = await toggle.mutateAsync(jobId);
      notifySuccess(answer.wishlisted ? 'Saved to your wishlist' : 'Removed from your wishlist');
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Tooltip label={user ? (saved ? 'Remove from wishlist' : 'Save to wishlist') : 'Sign in to save jobs'} withArrow openDelay={300}>
      <ActionIcon
        variant={saved ? 'light' : 'subtle'}
        color={saved ? 'red' : 'gray'}
        size={size}
        radius="xl"
        aria-label={label}
        aria-pressed={saved}
        loading={toggle.isPending}
        onClick={click}
      >
        {saved ? <IconHeartFilled size={20} aria-hidden /> : <IconHeart size={20} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
};
