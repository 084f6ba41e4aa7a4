import { applicationStatuses, jobApplicants } from '@app/contract/resources/job-board/application';
import { job } from '@app/contract/resources/job-board/job';
import { Anchor, Stack } from '@mantine/core';
import { IconArrowLeft, IconUsers } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { callApi } from '../../kit/api';
import { PageHeader } from '../../kit/page-header';
import { PagedList } from '../../kit/paged-list';
import { useDetails } from '../../kit/use-resource';
import { humanise } from '../../kit/words';
import { type Applicant, ApplicantCard, applicantsKey } from './applicant-card';

const statusFilter = {
  key: 'status',
  label: 'Status',
  options: applicationStatuses.map((status) => ({ value: status, label: humanise(status) })),
};

/** /company/jobs/:id/applicants: who applied for one job, with their CVs, and the status moves. */
export const ApplicantsPage = () => {
  const { id = '' } = useParams();
  const details = useDetails(job, id);
  const title = details.data?.title;
  return (
    <Stack gap={0} maw={1000}>
      <Anchor component={Link} to="/company/jobs" size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }} mb="sm">
        <IconArrowLeft size={16} aria-hidden /> All jobs
      </Anchor>
      <PageHeader
        title={title ? `Applicants for ${title}` : 'Applicants'}
        description="Open each CV, then shortlist, hire or reject. Applicants are emailed when their status changes."
      />
      <PagedList<Applicant>
        queryKey={[...applicantsKey, id]}
        load={(request, signal) => callApi(jobApplicants, { ...request, jobId: id }, { signal })}
        noun="applicant"
        filters={[statusFilter]}
        searchPlaceholder="Name or email"
        empty={{ icon: <IconUsers size={24} />, message: 'When job seekers apply, they appear here.' }}
      >
        {(rows) => (
          <Stack gap="sm">
            {rows.map((applicant) => (
              <ApplicantCard key={applicant._id} applicant={applicant} />
            ))}
          </Stack>
        )}
      </PagedList>
    </Stack>
  );
};
