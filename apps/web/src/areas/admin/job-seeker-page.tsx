import { fullNameOf } from '@app/contract/conventions/common';
import { Anchor, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconFileText, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { DetailsGrid } from '../../kit/details-grid';
import { notifyFailure, notifySuccess } from '../../kit/notify';
import { PageHeader } from '../../kit/page-header';
import { RecordPage } from '../../kit/record-page';
import { ResourceFormModal } from '../../kit/resource-form';
import { SectionCard } from '../../kit/section-card';
import { StatusBadge } from '../../kit/status-badge';
import { useDetails, useRemove } from '../../kit/use-resource';
import { formatDateTime, humanise } from '../../kit/words';
import { experienceLabel, formatDate, fullAddressText, jobTypeLabel, workModelLabel } from '../board/labels';
import { AdminNotesSection } from './admin-notes-section';
import { adminJobSeekers, type JobSeekerRecord } from './admin-resources';
import { jobSeekerFields } from './job-seeker-fields';
import { ReferencesSection } from './references-section';

const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No');

const Tags = ({ items }: { items: string[] }) =>
  items.length === 0 ? (
    <Text size="sm" c="dimmed">
      None given.
    </Text>
  ) : (
    <Group gap={6}>
      {items.map((item) => (
        <Badge key={item} variant="light" color="gray" radius="sm" tt="none">
          {item}
        </Badge>
      ))}
    </Group>
  );

const period = (start: string | null | undefined, end: string | null | undefined, ongoing: boolean) =>
  `${formatDate(start)} – ${ongoing ? 'now' : formatDate(end)}`;

const Profile = ({ seeker }: { seeker: JobSeekerRecord }) => {
  const p = seeker.preferences;
  return (
    <SectionCard title="Profile" description="What they keep in their own profile.">
      <Stack gap="lg">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {seeker.about || 'No introduction yet.'}
        </Text>
        {!p && (
          <Text size="sm" c="dimmed">
            No job preferences yet.
          </Text>
        )}
        {p && (
          <DetailsGrid
            items={[
              { label: 'Current job title', value: p?.currentJobTitle },
              { label: 'Desired job title', value: p?.desiredJobTitle },
              { label: 'Experience', value: experienceLabel(p?.experience) },
              { label: 'Job types', value: (p?.jobTypes ?? []).map(jobTypeLabel).join(', ') },
              { label: 'Work model', value: (p?.workModel ?? []).map(workModelLabel).join(', ') },
              { label: 'Preferred place', value: fullAddressText(p?.preferredLocation) },
              { label: 'Willing to relocate', value: p ? yesNo(p.willingToRelocate) : '' },
              { label: 'UK driving licence', value: p ? yesNo(p.ukDrivingLicence) : '' },
            ]}
          />
        )}
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Skills
          </Text>
          <Tags items={[...seeker.skills, ...seeker.personalSkills].map((s) => s.label ?? '').filter(Boolean)} />
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Languages
          </Text>
          <Tags items={seeker.languages.map((l) => `${l.label ?? ''} (${humanise(l.proficiency).toLowerCase()})`)} />
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Work history
          </Text>
          {seeker.workHistory.length === 0 ? (
            <Text size="sm" c="dimmed">
              None given.
            </Text>
          ) : (
            <List size="sm" spacing={4}>
              {seeker.workHistory.map((w) => (
                <List.Item key={w._id ?? `${w.jobTitle}-${w.startDate}`}>
                  {w.jobTitle} at {w.organization}, {w.city} ({period(w.startDate, w.endDate, w.currentlyWorkingHere)})
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Education
          </Text>
          {seeker.education.length === 0 ? (
            <Text size="sm" c="dimmed">
              None given.
            </Text>
          ) : (
            <List size="sm" spacing={4}>
              {seeker.education.map((e) => (
                <List.Item key={e._id ?? `${e.qualification}-${e.startDate}`}>
                  {e.qualification} in {e.subject}, {e.organization} ({period(e.startDate, e.endDate, e.isPursuing)})
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      </Stack>
    </SectionCard>
  );
};

const Seeker = ({ seeker }: { seeker: JobSeekerRecord }) => {
  const can = useCan();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useRemove(adminJobSeekers);
  const name = seeker.name.fullName || fullNameOf(seeker.name);

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync({ _id: seeker._id });
      notifySuccess(`${name} deleted`);
      navigate('/admin/job-seekers');
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={name}
        description={seeker.itemId?.combined}
        action={
          <Group gap="sm">
            {can.do(adminJobSeekers, 'update') && (
              <Button variant="default" leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {can.do(adminJobSeekers, 'remove') && (
              <Button variant="light" color="red" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setRemoving(true)}>
                Delete
              </Button>
            )}
          </Group>
        }
      />
      <SectionCard title="Details">
        <DetailsGrid
          items={[
            { label: 'Status', value: <StatusBadge value={seeker.status} /> },
            { label: 'Email', value: <Anchor href={`mailto:${seeker.email}`}>{seeker.email}</Anchor> },
            { label: 'Phone', value: seeker.phone },
            { label: 'Address', value: fullAddressText(seeker.address) },
            {
              label: 'LinkedIn',
              value: seeker.linkedInLink && (
                <Anchor href={seeker.linkedInLink} target="_blank" rel="noopener noreferrer">
                  {seeker.linkedInLink}
                </Anchor>
              ),
            },
            {
              label: 'CV',
              value: seeker.cvDetail?.url && (
                <Anchor
                  href={seeker.cvDetail.url}
                  target="_blank"
                  rel="noopener"
                  display="inline-flex"
                  style={{ alignItems: 'center', gap: 4 }}
                >
                  <IconFileText size={16} aria-hidden /> {seeker.cvDetail.originalName}
                </Anchor>
              ),
            },
            { label: 'Applications', value: String(seeker.appliedJobCount) },
            { label: 'Joined', value: formatDateTime(seeker.createdAt) },
          ]}
        />
      </SectionCard>
      <Profile seeker={seeker} />
      <ReferencesSection jobSeekerId={seeker._id} />
      <AdminNotesSection userId={seeker.userId} />
      <ResourceFormModal
        opened={editing}
        onClose={() => setEditing(false)}
        resource={adminJobSeekers}
        mode="edit"
        record={seeker}
        fields={jobSeekerFields}
        noun="job seeker"
      />
      <ConfirmModal
        opened={removing}
        title={`Delete ${name}?`}
        message={`${name} will be removed from lists, their account closed and they are signed out at once. This cannot be undone here.`}
        confirmLabel="Delete"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(false)}
      />
    </Stack>
  );
};

/** /admin/job-seekers/:id: a job seeker's details and profile, their references and the admins' notes. */
export const AdminJobSeekerPage = () => {
  const { id } = useParams();
  const details = useDetails(adminJobSeekers, id);
  return (
    <RecordPage query={details} noun="job seeker" back={{ to: '/admin/job-seekers', label: 'All job seekers' }}>
      {(seeker) => <Seeker seeker={seeker} />}
    </RecordPage>
  );
};
