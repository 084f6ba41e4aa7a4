import type { ListResult } from '@app/contract/conventions/list';
import { recruiterCompany } from '@app/contract/resources/job-board/company';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import { callOf } from '../../kit/use-resource';
import type { CompanyRecord } from './types';

/**
 * The company that posted a job. The job's own answer carries its company's id and name but not
 * its page's slug, so the public company list is searched by that name and the id picked out.
 */
export const useCompanyOfJob = (job: { recruiterId: string; companyName: string } | undefined) =>
  useQuery({
    queryKey: ['board', 'company-of-job', job?.recruiterId],
    queryFn: async ({ signal }) => {
      const list = await callApi<ListResult<CompanyRecord>>(
        callOf(recruiterCompany, 'list'),
        { search: job?.companyName ?? '', limit: 100 },
        { signal },
      );
      return list.results.find((company) => company._id === job?.recruiterId) ?? null;
    },
    enabled: Boolean(job),
    staleTime: 5 * 60_000,
  });
