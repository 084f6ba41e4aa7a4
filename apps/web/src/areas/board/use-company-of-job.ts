import { companyBySlug } from '@app/contract/resources/job-board/company';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import type { JobRecord } from './types';

/** The public record of the company that posted a job, found by the slug on the job's company card. */
export const useCompanyOfJob = (job: Pick<JobRecord, 'company'> | undefined) => {
  const slug = job?.company?.slug;
  return useQuery({
    queryKey: ['board', 'company', slug],
    queryFn: ({ signal }) => callApi(companyBySlug, { slug: slug ?? '' }, { signal }),
    enabled: Boolean(slug),
    staleTime: 5 * 60_000,
  });
};
