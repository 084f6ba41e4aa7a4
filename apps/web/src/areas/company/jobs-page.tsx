import { job } from '@app/contract/resources/job-board/job';
import { Anchor, Button, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import { formatDate, placeText } from '../board/labels';
import type { JobRecord } from '../board/types';
import { JobRowActions } from './job-row-actions';

const PostJobButton = () => (
  <Button component={Link} to="/company/jobs/new" leftSection={<IconPlus size={18} aria-hidden />}>
    Post a job
  </Button>
);

/** /company/jobs: the company's own jobs in every status, with their applicants and actions. */
export const CompanyJobsPage = () => (
  <ResourceList
    resource={job}
    title="Jobs"
    description="Your jobs in every status; open one to see its applicants. Published jobs are on the board until they close."
    noun="job"
    rowLabel={(row) => row.title}
    searchPlaceholder="Title or JOB number"
    action={<PostJobButton />}
    emptyMessage="Post your first job and it appears on the board as soon as you publish it."
    canSetStatus={() => false}
    canRemove={() => false}
    rowExtra={(row) => <JobRowActions row={row as JobRecord} />}
    columns={[
      {
        key: 'title',
        header: 'Title',
        wrap: true,
        linksItself: true,
        render: (row) => (
          <Anchor component={Link} to={`/company/jobs/${row._id}/applicants`} fw={600}>
            {row.title}
          </Anchor>
        ),
      },
      { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
      {
        key: 'applicantCount',
        header: 'Applicants',
        render: (row) => (
          <Anchor component={Link} to={`/company/jobs/${row._id}/applicants`}>
            {row.applicantCount}
            <VisuallyHidden> applicants for {row.title}</VisuallyHidden>
          </Anchor>
        ),
      },
      { key: 'address', header: 'Place', render: (row) => placeText(row.address) },
      { key: 'applicationEndDate', header: 'Closes', render: (row) => formatDate(row.applicationEndDate) },
    ]}
  />
);
