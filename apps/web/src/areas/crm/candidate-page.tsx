import { candidate } from '@app/contract/resources/crm/candidate';
import { email } from '@app/contract/resources/crm/email';
import { event } from '@app/contract/resources/crm/event';
import { entityLog } from '@app/contract/resources/entity-log';
import { candidateApplicationList } from '@app/contract/resources/hiring/job-application';
import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconMail, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useCan } from '../../kit/can';
import { EmptyState } from '../../kit/empty-state';
import { PageHeader } from '../../kit/page-header';
import { RecordPage } from '../../kit/record-page';
import { ResourceScreen } from '../../kit/resource-screen';
import { StatusBadge } from '../../kit/status-badge';
import { useDetails } from '../../kit/use-resource';
import { AddToJobsButton } from '../hiring/add-to-jobs';
import { CandidateApplications } from '../hiring/candidate-applications';
import { ActivityPanel } from './activity-panel';
import { CandidateAccountLinkCard } from './candidate-account-link';
import { CandidateCvs } from './candidate-cvs';
import { CandidateFormModal } from './candidate-form-modal';
import { CandidateProfile } from './candidate-profile';
import { candidateEventScreen, candidateNoteScreen, candidateTaskScreen } from './candidate-related-tailoring';
import { EmailList } from './email-list';
import { EventForm } from './event-form';
import { LinkedRecordsPanel } from './linked-records-panel';
import { OwnerName } from './owner-name';

type Related = { _id: string; entityType: 'Candidate' };

const withRelated = (related: Related) => (payload: Record<string, unknown>, mode: string) =>
  mode === 'create' ? { ...payload, relatedTo: [related] } : payload;

const Notes = ({ related }: { related: Related }) => (
  <ResourceScreen
    {...candidateNoteScreen}
    title="Notes"
    noun="note"
    headingOrder={2}
    fixedFilter={{ relatedTo: related._id }}
    rowLabel={(row) => (row.note.length > 40 ? `${row.note.slice(0, 40)}…` : row.note)}
    toPayload={withRelated(related)}
  />
);

const Tasks = ({ related }: { related: Related }) => (
  <ResourceScreen
    {...candidateTaskScreen}
    title="Tasks"
    noun="task"
    headingOrder={2}
    fixedFilter={{ relatedTo: related._id }}
    rowLabel={(row) => row.title}
    toPayload={withRelated(related)}
  />
);

/** The next whole hour, for an hour: where a new event starts unless changed. */
const nextHour = () => {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return { start, end: new Date(start.getTime() + 60 * 60 * 1000) };
};

const Events = ({ related }: { related: Related }) => {
  const can = useCan();
  const [adding, setAdding] = useState<{ start: Date; end: Date } | null>(null);
  return (
    <>
      <ResourceScreen
        {...candidateEventScreen}
        title="Events"
        noun="event"
        headingOrder={2}
        readOnly
        fixedFilter={{ relatedTo: related._id }}
        rowLabel={(row) => row.title}
        action={
          can.do(event, 'create') ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(nextHour())}>
              Add event
            </Button>
          ) : undefined
        }
      />
      {adding && <EventForm slot={adding} relatedTo={related} onClose={() => setAdding(null)} />}
    </>
  );
};

/** /crm/candidates/:id: one candidate's profile, CVs, what is linked to them and their history. */
export const CandidatePage = () => {
  const { id } = useParams();
  const query = useDetails(candidate, id);
  const can = useCan();
  const [editing, setEditing] = useState(false);
  const mayReadLog = can.do(entityLog, 'list');
  const mayReadApplications = can.call(candidateApplicationList);
  const mayReadEmails = can.do(email, 'list');
  return (
    <RecordPage query={query} noun="candidate" back={{ to: '/crm/candidates', label: 'All candidates' }}>
      {(record) => {
        const related: Related = { _id: record._id, entityType: 'Candidate' };
        return (
          <Stack gap="lg">
            <PageHeader
              title={record.name?.fullName || [record.name?.first, record.name?.last].filter(Boolean).join(' ')}
              description={
                <Group gap="sm" component="span">
                  <span>{record.itemId?.combined}</span>
                  <StatusBadge value={record.status} />
                  <Text span size="sm" c="dimmed">
                    Owner: <OwnerName record={record} />
                  </Text>
                </Group>
              }
              action={
                <Group gap="sm">
                  <AddToJobsButton candidateId={record._id} />
                  {can.do(candidate, 'update') && (
                    <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => setEditing(true)}>
                      Edit
                    </Button>
                  )}
                </Group>
              }
            />
            <CandidateAccountLinkCard candidateId={record._id} email={record.email} />
            <Tabs defaultValue="profile" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="profile">Profile</Tabs.Tab>
                <Tabs.Tab value="cvs">CVs</Tabs.Tab>
                {mayReadApplications && <Tabs.Tab value="applications">Applications</Tabs.Tab>}
                <Tabs.Tab value="notes">Notes</Tabs.Tab>
                <Tabs.Tab value="tasks">Tasks</Tabs.Tab>
                <Tabs.Tab value="events">Events</Tabs.Tab>
                <Tabs.Tab value="emails">Emails</Tabs.Tab>
                <Tabs.Tab value="linked">Everything linked</Tabs.Tab>
                {mayReadLog && <Tabs.Tab value="activity">Activity</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="profile" pt="md">
                <CandidateProfile record={record} />
              </Tabs.Panel>
              <Tabs.Panel value="cvs" pt="md">
                <CandidateCvs owner={record} />
              </Tabs.Panel>
              {mayReadApplications && (
                <Tabs.Panel value="applications" pt="md">
                  <CandidateApplications candidateId={record._id} />
                </Tabs.Panel>
              )}
              <Tabs.Panel value="notes" pt="md">
                <Notes related={related} />
              </Tabs.Panel>
              <Tabs.Panel value="tasks" pt="md">
                <Tasks related={related} />
              </Tabs.Panel>
              <Tabs.Panel value="events" pt="md">
                <Events related={related} />
              </Tabs.Panel>
              <Tabs.Panel value="emails" pt="md">
                {mayReadEmails ? (
                  <EmailList
                    headingOrder={2}
                    fixedFilter={{ relatedTo: record._id }}
                    compose={{ candidateIds: [record._id], known: [{ value: record._id, label: record.name?.fullName ?? record.email }] }}
                    emptyMessage="No emails with this candidate yet: send one from here, or connect your mailbox to see what they wrote."
                  />
                ) : (
                  <EmptyState icon={<IconMail size={24} />} title="Emails" message="Your role does not let you read emails." />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="linked" pt="md">
                <LinkedRecordsPanel entityType="Candidate" id={record._id} />
              </Tabs.Panel>
              {mayReadLog && (
                <Tabs.Panel value="activity" pt="md">
                  <ActivityPanel id={record._id} />
                </Tabs.Panel>
              )}
            </Tabs>
            <CandidateFormModal mode="edit" record={record} opened={editing} onClose={() => setEditing(false)} />
          </Stack>
        );
      }}
    </RecordPage>
  );
};
