import { candidateApplicationList, crmJobApplication } from '@app/contract/resources/hiring/job-application';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { messageOf } from '../../kit/notify';
import { type ApplicationRow, ApplicationsTable } from './applications-table';

/** A candidate's applications tab: the jobs they are on and where they stand on each ("Add to job" is beside the name). */
export const CandidateApplications = ({ candidateId }: { candidateId: string }) => {
  const can = useCan();
  const list = useQuery({
    queryKey: [crmJobApplication.name, 'candidate', candidateId],
    queryFn: ({ signal }) => callApi(candidateApplicationList, { candidateId, limit: 'ALL' }, { signal }),
    enabled: can.call(candidateApplicationList),
  });
  return (
    <Stack>
      {list.isError ? (
        <Text c="red">{messageOf(list.error)}</Text>
      ) : list.data ? (
        <ApplicationsTable rows={list.data.results as unknown as ApplicationRow[]} by="job" />
      ) : list.isPending && list.fetchStatus !== 'idle' ? (
        <Skeleton height={120} />
      ) : (
        <Text c="dimmed">You may not see applications.</Text>
      )}
    </Stack>
  );
};
