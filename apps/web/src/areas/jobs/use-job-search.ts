import { type JobSearch, searchJobs } from '@app/contract/resources/job-board/job';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../kit/api';

export const jobSearchKey = ['board', 'search'] as const;

/** The public search; the last answer stays on screen while the next one loads. */
export const useJobSearch = (request: JobSearch, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: [...jobSearchKey, request],
    queryFn: ({ signal }) => callApi(searchJobs, request, { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
