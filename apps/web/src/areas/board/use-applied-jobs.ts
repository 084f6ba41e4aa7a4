import { appliedJobIds } from '@app/contract/resources/job-board/application';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import { useSession } from '../../kit/session';

export const appliedKey = ['board', 'applied'] as const;
/** The seeker's applications page; refreshed with the above after applying. */
export const myApplicationsKey = ['board', 'my-applications'] as const;

/** The signed-in seeker's applications by job id (nobody else has any), for "Applied" badges and the job page. */
export const useAppliedJobs = () => {
  const { user } = useSession();
  const query = useQuery({
    queryKey: appliedKey,
    queryFn: ({ signal }) => callApi(appliedJobIds, {}, { signal }),
    enabled: user?.userType === 'JOB_SEEKER',
    staleTime: 30_000,
  });
  return new Map((query.data ?? []).map((row) => [row.jobId, row]));
};
