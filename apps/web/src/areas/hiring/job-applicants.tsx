import { crmJobApplication, jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../kit/api';
import { useCan } from '../../kit/can';
import { messageOf } from '../../kit/notify';
import { AddCandidatesButton } from './add-to-jobs';
import { type ApplicationRow, ApplicationsTable } from './applications-table';

/** A job's applicants (newest first), and Add candidates to put more on its long list. */
export const JobApplicants = ({ job }: { job: { _id: string; title: string; status: string } }) => {
  const jobId = job._id;
  const can = useCan();
  const list = useQuery({
    enabled: can.call(jobApplicantsList),
    queryKey: [crmJobApplication.name, 'job', jobId],
    queryFn: ({ signal }) => callApi(jobApplicantsList, { jobId, limit: 'ALL' }, { signal }),
  });
  if (!can.call(jobApplicantsList)) return <Text c="dimmed">You may not see this job’s applications.</Text>;
  return (
    <Stack>
      <Group justify="flex-end">
        <AddCandidatesButton job={job} />
      </Group>
      {list.isPending ? (
        <Skeleton height={160} />
      ) : list.isError ? (
        <Text c="red">{messageOf(list.error)}</Text>
      ) : (
        <ApplicationsTable rows={list.data.results as unknown as ApplicationRow[]} by="candidate" />
      )}
    </Stack>
  );
};
