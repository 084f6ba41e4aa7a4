import { crmJobApplication, jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { messageOf } from '../../kit/notify';
import { type ApplicationRow, ApplicationsTable } from './applications-table';

/** A job's applicants, longest-standing first within the call's order (newest first). */
export const JobApplicants = ({ jobId }: { jobId: string }) => {
  const can = useCan();
  const list = useQuery({
    enabled: can.call(jobApplicantsList),
    queryKey: [crmJobApplication.name, 'job', jobId],
    queryFn: ({ signal }) => callApi(jobApplicantsList, { jobId, limit: 'ALL' }, { signal }),
  });
  if (!can.call(jobApplicantsList)) return <Text c="dimmed">You may not see this job’s applications.</Text>;
  if (list.isPending) return <Skeleton height={160} />;
  if (list.isError) return <Text c="red">{messageOf(list.error)}</Text>;
  return <ApplicationsTable rows={list.data.results as unknown as ApplicationRow[]} by="candidate" />;
};
