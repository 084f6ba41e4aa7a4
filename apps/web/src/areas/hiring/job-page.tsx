import { entityLog } from '@app/contract/resources/entity-log';
import { crmJob, updateCrmJobDescription } from '@app/contract/resources/hiring/crm-job';
import { jobApplicantsList } from '@app/contract/resources/hiring/job-application';
import { jobStatuses } from '@app/contract/resources/job-board/job';
import { Anchor, Button, Group, Select, Stack, Tabs, Text, Typography } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../../kit/can';
import { deriveFields } from '../../kit/derive-fields';
import { DetailsGrid } from '../../kit/details-grid';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { RecordPage } from '../../kit/record-page';
import { recordPathOf } from '../../kit/record-paths';
import { ResourceFormModal } from '../../kit/resource-form';
import { RichTextInput } from '../../kit/rich-text-input';
import { SectionCard } from '../../kit/section-card';
import { StatusBadge } from '../../kit/status-badge';
import { tailor } from '../../kit/tailor';
import { type RecordOf, useCall, useDetails, useSetStatus } from '../../kit/use-resource';
import { formatDateTime, humanise } from '../../kit/words';
import { ActivityPanel } from '../crm/activity-panel';
import { JobBoard } from './board/job-board';
import { JobApplicants } from './job-applicants';
import { jobEditScreen } from './job-form';
import { PublishToBoardButton } from './publish-to-board-button';

type JobRecord = RecordOf<typeof crmJob> & {
  client?: { _id: string; label: string | null } | null;
  pipeline?: { _id: string; label: string | null } | null;
};

/** The description, read as it will be published, and edited in place by who may change the job. */
const Description = ({ job }: { job: JobRecord }) => {
  const can = useCan();
  const save = useCall(updateCrmJobDescription, { invalidates: [crmJob] });
  const [draft, setDraft] = useState<string | null>(null);
  const mayEdit = can.call(updateCrmJobDescription);
  return (
    <SectionCard
      title="Description"
      action={
        mayEdit && draft === null ? (
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
            <Button variant="default" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { _id: job._id, content: draft },
                  {
                    onSuccess: () => {
                      notifySuccess('Description saved');
                      setDraft(null);
                    },
                    onError: (error) => notifyFailure(error),
                  },
                )
              }
            >
              Save description
            </Button>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
};

const StatusControl = ({ job }: { job: JobRecord }) => {
  const can = useCan();
  const setStatus = useSetStatus(crmJob);
  if (!can.do(crmJob, 'setStatus')) return <StatusBadge value={job.status} />;
  return (
    <Select
      aria-label="Job status"
      w={150}
      data={jobStatuses.map((status) => ({ value: status, label: humanise(status) }))}
      value={job.status}
      allowDeselect={false}
      disabled={setStatus.isPending}
      onChange={(status) =>
        status &&
        setStatus.mutate(
          { _id: job._id, status },
          { onSuccess: () => notifySuccess(`The job is now ${humanise(status).toLowerCase()}`), onError: (error) => notifyFailure(error) },
        )
      }
    />
  );
};

/** Edit for who may update jobs: title, client, pipeline and the rest the description and status controls leave. */
const EditJob = ({ job }: { job: JobRecord }) => {
  const can = useCan();
  const [opened, setOpened] = useState(false);
  const fields = useMemo(() => tailor(deriveFields(crmJob), (field) => field.name, jobEditScreen.fields), []);
  if (!can.do(crmJob, 'update')) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Edit
      </Button>
      <ResourceFormModal
        opened={opened}
        onClose={() => setOpened(false)}
        resource={crmJob}
        mode="edit"
        record={job}
        fields={fields}
        noun="job"
      />
    </>
  );
};

/** /crm/jobs/:id: a job for a client, its pipeline board, applicants, description and history. */
export const JobPage = () => {
  const { id } = useParams();
  const query = useDetails(crmJob, id);
  const can = useCan();
  // The board and the applicants need the Job Application permission; without it the page opens on the details.
  const mayReadApplications = can.call(jobApplicantsList);
  const mayReadLog = can.do(entityLog, 'list');
  return (
    <RecordPage query={query} noun="job" back={{ to: '/crm/jobs', label: 'All jobs' }}>
      {(record) => {
        const job = record as JobRecord;
        const clientPath = job.client ? recordPathOf('Client', job.client._id) : undefined;
        return (
          <Stack gap="lg">
            <PageHeader
              title={job.title}
              description={
                <Group gap="sm" component="span">
                  <span>{job.itemId?.combined}</span>
                  {job.client && (
                    <Text span size="sm">
                      for{' '}
                      {clientPath ? (
                        <Anchor component={Link} to={clientPath}>
                          {job.client.label}
                        </Anchor>
                      ) : (
                        job.client.label
                      )}
                    </Text>
                  )}
                </Group>
              }
              action={
                <Group gap="sm">
                  <EditJob job={job} />
                  <PublishToBoardButton job={job} />
                  <StatusControl job={job} />
                </Group>
              }
            />
            <Tabs key={String(mayReadApplications)} defaultValue={mayReadApplications ? 'board' : 'details'} keepMounted={false}>
              <Tabs.List>
                {mayReadApplications && <Tabs.Tab value="board">Board</Tabs.Tab>}
                {mayReadApplications && <Tabs.Tab value="applicants">Applicants</Tabs.Tab>}
                <Tabs.Tab value="details">Details</Tabs.Tab>
                {mayReadLog && <Tabs.Tab value="activity">Activity</Tabs.Tab>}
              </Tabs.List>
              {mayReadApplications && (
                <Tabs.Panel value="board" pt="md">
                  <JobBoard jobId={job._id} pipelineId={job.pipelineId} />
                </Tabs.Panel>
              )}
              {mayReadApplications && (
                <Tabs.Panel value="applicants" pt="md">
                  <JobApplicants job={job} />
                </Tabs.Panel>
              )}
              <Tabs.Panel value="details" pt="md">
                <Stack gap="lg">
                  <SectionCard title="Details">
                    <DetailsGrid
                      items={[
                        { label: 'Status', value: <StatusBadge value={job.status} /> },
                        { label: 'Pipeline', value: job.pipeline?.label },
                        { label: 'Summary', value: job.description },
                        { label: 'Work model', value: job.workModel && humanise(job.workModel) },
                        { label: 'Location', value: [job.address?.city, job.address?.postCode].filter(Boolean).join(', ') },
                        { label: 'Also known as', value: job.additionalTitles?.join(', ') },
                        { label: 'Published', value: job.postedOn && formatDateTime(job.postedOn) },
                        { label: 'Closes', value: job.applicationEndDate && formatDateTime(job.applicationEndDate) },
                        { label: 'Added', value: formatDateTime(job.createdAt) },
                      ]}
                    />
                  </SectionCard>
                  <Description job={job} />
                </Stack>
              </Tabs.Panel>
              {mayReadLog && (
                <Tabs.Panel value="activity" pt="md">
                  <ActivityPanel id={job._id} />
                </Tabs.Panel>
              )}
            </Tabs>
          </Stack>
        );
      }}
    </RecordPage>
  );
};
