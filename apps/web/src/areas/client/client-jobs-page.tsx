import type { ListRequest } from '@app/contract/conventions/list';
import { clientJobList } from '@app/contract/resources/hiring/client-jobs';
import { jobStatuses } from '@app/contract/resources/job-board/job';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconBriefcase, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { callApi } from '../../kit/api';
import type { FilterControl } from '../../kit/list-filters';
import { PageHeader } from '../../kit/page-header';
import { PagedList } from '../../kit/paged-list';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime, humanise } from '../../kit/words';
import { ClientJobFormModal, clientJobsKey, DeleteClientJob } from './client-job-form';
import type { ClientJob } from './client-job-model';

const statusFilter: FilterControl = {
  key: 'status',
  label: 'Status',
  options: jobStatuses.map((status) => ({ value: status, label: humanise(status) })),
};

const applicationsOf = (count: number | undefined) => `${count ?? 0} ${count === 1 ? 'application' : 'applications'}`;

/** One of the client's jobs: its title (to its page and board), status, applications and when it was added. */
const JobRow = ({ job, onEdit, onDelete }: { job: ClientJob; onEdit: () => void; onDelete: () => void }) => (
  <Paper withBorder radius="md" p="md">
    <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Anchor component={Link} to={`/client/jobs/${job._id}`} fw={600}>
            {job.title}
          </Anchor>
          <StatusBadge value={job.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {[job.itemId?.combined, applicationsOf(job.applicationCount), `added ${formatDateTime(job.createdAt)}`]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Edit ${job.title}`} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete ${job.title}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  </Paper>
);

/** /client/jobs: the client's jobs, those they add (drafts their recruitment partner publishes) and those added for them. */
export const ClientJobsPage = () => {
  const [editing, setEditing] = useState<{ job?: ClientJob } | null>(null);
  const [removing, setRemoving] = useState<ClientJob | null>(null);
  const add = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({})}>
      Add a job
    </Button>
  );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Jobs"
        description="The roles your recruitment partner fills for you. A job you add stays a draft until they publish it."
        action={add}
      />
      <PagedList
        queryKey={[...clientJobsKey, 'list']}
        load={(request: ListRequest, signal) => callApi(clientJobList, request, { signal })}
        noun="job"
        filters={[statusFilter]}
        searchPlaceholder="Title or JOB number"
        empty={{ icon: <IconBriefcase size={24} />, message: 'Add the first role you are hiring for.', action: add }}
      >
        {(rows) => (
          <Stack gap="sm">
            {rows.map((job) => (
              <JobRow key={job._id} job={job} onEdit={() => setEditing({ job })} onDelete={() => setRemoving(job)} />
            ))}
          </Stack>
        )}
      </PagedList>
      {editing && <ClientJobFormModal job={editing.job} onClose={() => setEditing(null)} />}
      {removing && <DeleteClientJob job={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
};
