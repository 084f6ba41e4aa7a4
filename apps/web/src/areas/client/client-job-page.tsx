import { clientJobDetails, clientJobUpdateDescription } from '@app/contract/resources/hiring/client-jobs';
import { Button, Group, Stack, Typography } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { callApi } from '../../kit/api';
import { DetailsGrid } from '../../kit/details-grid';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { RecordPage } from '../../kit/record-page';
import { RichTextInput } from '../../kit/rich-text-input';
import { SectionCard } from '../../kit/section-card';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime, humanise } from '../../kit/words';
import { clientApplicationsKey } from './client-applications-page';
import { ClientJobBoard } from './client-job-board';
import { ClientJobFormModal, clientJobsKey, DeleteClientJob } from './client-job-form';
import type { ClientJob } from './client-job-model';

/** The description as it will be published, edited in place (`update-description`, sanitised by the server). */
const Description = ({ job }: { job: ClientJob }) => {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async (content: string) => {
    setSaving(true);
    try {
      await callApi(clientJobUpdateDescription, { _id: job._id, content });
      notifySuccess('Description saved');
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: clientJobsKey });
    } catch (error) {
      notifyFailure(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <SectionCard
      title="Description"
      action={
        draft === null ? (
          <Button variant="default" size="xs" onClick={() => setDraft(job.content)}>
            Edit description
          </Button>
        ) : undefined
      }
    >
      {draft === null ? (
        <Typography>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the job's content is sanitised HTML from the server */}
          <div dangerouslySetInnerHTML={{ __html: job.content }} />
        </Typography>
      ) : (
        <Stack>
          <RichTextInput label="Description" value={draft} onChange={setDraft} required />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDraft(null)} disabled={saving}>
              Cancel
            </Button>
            <Button loading={saving} onClick={() => void save(draft)}>
              Save description
            </Button>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
};

const salaryOf = (job: ClientJob) => {
  const range = job.salaries?.[0];
  if (!range) return undefined;
  const money = (n: number) => `£${n.toLocaleString('en-GB')}`;
  const amount = range.max ? `${money(range.min)} to ${money(range.max)}` : `from ${money(range.min)}`;
  return `${amount} a ${humanise(range.duration).toLowerCase()}`;
};

/** /client/jobs/:id: one of the client's jobs, the board of its candidates by stage, its details and description. */
export const ClientJobPage = () => {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...clientJobsKey, 'details', id],
    queryFn: ({ signal }) => callApi(clientJobDetails, { _id: id ?? '' }, { signal }),
    enabled: Boolean(id),
  });
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  return (
    <RecordPage query={query} noun="job" back={{ to: '/client/jobs', label: 'All jobs' }}>
      {(job) => (
        <Stack gap="lg">
          <PageHeader
            title={job.title}
            description={
              <Group gap="xs" component="span">
                <span>{job.itemId?.combined}</span>
                <StatusBadge value={job.status} />
              </Group>
            }
            action={
              <Group gap="sm">
                <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                  Edit
                </Button>
                <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setRemoving(true)}>
                  Delete
                </Button>
              </Group>
            }
          />
          <SectionCard title="Candidates by stage" description="Where each candidate on this job stands. Move them on as you decide.">
            <ClientJobBoard jobId={job._id} stages={job.stages} />
          </SectionCard>
          <SectionCard title="Details">
            <DetailsGrid
              items={[
                { label: 'Status', value: <StatusBadge value={job.status} /> },
                { label: 'Summary', value: job.description },
                { label: 'Work model', value: job.workModel && humanise(job.workModel) },
                { label: 'Location', value: [job.address?.city, job.address?.postCode].filter(Boolean).join(', ') },
                { label: 'Salary', value: salaryOf(job) },
                { label: 'Published', value: job.postedOn && formatDateTime(job.postedOn) },
                { label: 'Added', value: formatDateTime(job.createdAt) },
              ]}
            />
          </SectionCard>
          <Description job={job} />
          {editing && <ClientJobFormModal job={job} onClose={() => setEditing(false)} />}
          {removing && (
            <DeleteClientJob
              job={job}
              applications={queryClient.getQueryData<{ results: unknown[] }>([...clientApplicationsKey, 'board', job._id])?.results.length}
              onClose={() => setRemoving(false)}
              onDeleted={() => navigate('/client/jobs')}
            />
          )}
        </Stack>
      )}
    </RecordPage>
  );
};
