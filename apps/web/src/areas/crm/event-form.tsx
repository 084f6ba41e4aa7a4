import type { FieldError } from '@app/contract/conventions/envelope';
import { candidate } from '@app/contract/resources/crm/candidate';
import { contact } from '@app/contract/resources/crm/contact';
import { event } from '@app/contract/resources/crm/event';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { Alert, Anchor, Button, Fieldset, Group, Modal, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { isApiError } from '../../kit/api';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { messageOf, notifySuccess } from '../../kit/notify';
import { ReferencePicker } from '../../kit/reference-picker';
import { type RecordOf, useCreate, useRemove, useUpdate } from '../../kit/use-resource';
import { fromLocalInput, toLocalInput } from './local-time';

type Named = { _id: string; label: string }[] | null;

export type EventRecord = RecordOf<typeof event> & { users?: Named; contacts?: Named; candidates?: Named };

/** Who attends by id, each picked from a list the person may read (the server refuses an id they could not have found). */
const attendeeKinds = [
  { field: 'userIds', expandAs: 'users', label: 'Staff attending', target: { resource: organisationStaff, labelField: 'name.fullName' } },
  {
    field: 'contactIds',
    expandAs: 'contacts',
    label: 'Contacts attending',
    target: { resource: contact, labelField: 'profile.name.fullName' },
  },
  {
    field: 'candidateIds',
    expandAs: 'candidates',
    label: 'Candidates attending',
    target: { resource: candidate, labelField: 'name.fullName' },
  },
] as const;

/** The zone the person's browser is in: the invitation states the times in it. */
export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

const knownOf = (named: Named | undefined) => (named ?? []).map((one) => ({ value: one._id, label: one.label }));
const pickIds = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

/** Attendees of a kind the person may not search: named as the event lists them, not offered to change. */
const Attending = ({ label, named }: { label: string; named: Named | undefined }) =>
  named && named.length > 0 ? (
    <Text size="sm">
      <Text span fw={500}>{`${label}: `}</Text>
      {named.map((one) => one.label).join(', ')}
    </Text>
  ) : null;

type Draft = {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  type: string;
  street: string;
  city: string;
  userIds: string[];
  contactIds: string[];
  candidateIds: string[];
  attendeesMails: string[];
  scheduleGoogleMeetCall: boolean;
};

const draftOf = (record: EventRecord | undefined, slot: { start: Date; end: Date } | undefined): Draft => ({
  title: record?.title ?? '',
  description: record?.description ?? '',
  startTime: toLocalInput(record?.startTime ?? slot?.start),
  endTime: toLocalInput(record?.endTime ?? slot?.end),
  type: record?.type ?? '',
  street: record?.location?.street ?? '',
  city: record?.location?.city ?? '',
  userIds: record?.userIds ?? [],
  contactIds: record?.contactIds ?? [],
  candidateIds: record?.candidateIds ?? [],
  attendeesMails: record?.attendeesMails ?? [],
  scheduleGoogleMeetCall: record?.scheduleGoogleMeetCall ?? false,
});

const payloadOf = (draft: Draft, record: EventRecord | undefined) => {
  const street = draft.street.trim();
  const city = draft.city.trim();
  const keptLocation = record?.location ?? {};
  return {
    title: draft.title,
    description: draft.description.trim() || null,
    startTime: fromLocalInput(draft.startTime),
    endTime: fromLocalInput(draft.endTime),
    type: draft.type.trim() || null,
    location: street || city ? { ...keptLocation, street: street || undefined, city: city || undefined } : null,
    userIds: draft.userIds,
    contactIds: draft.contactIds,
    candidateIds: draft.candidateIds,
    attendeesMails: draft.attendeesMails,
    timeZone: browserTimeZone(),
    scheduleGoogleMeetCall: draft.scheduleGoogleMeetCall,
  };
};

type EventFormProps = {
  /** The event to edit; none to add one in `slot`. */
  record?: EventRecord;
  slot?: { start: Date; end: Date };
  /** The record a new event is about (a candidate's page). */
  relatedTo?: { _id: string; entityType: string };
  onClose: () => void;
};

/**
 * Adds or edits an event, or deletes it: attendees are mailed the invitation, its update or its
 * cancellation by the server. Times are entered in the person's own time zone.
 */
export const EventForm = ({ record, slot, relatedTo, onClose }: EventFormProps) => {
  const phone = useMediaQuery('(max-width: 40em)');
  const can = useCan();
  const create = useCreate(event);
  const update = useUpdate(event);
  const remove = useRemove(event);
  const [draft, setDraft] = useState(() => draftOf(record, slot));
  const [failure, setFailure] = useState<{ message: string; errors: FieldError[] } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const errorOf = (field: string) => failure?.errors.find((error) => error.field === field)?.message;
  const mayWrite = can.do(event, record ? 'update' : 'create');

  const submit = async () => {
    setFailure(null);
    try {
      const payload = payloadOf(draft, record);
      if (record) await update.mutateAsync({ ...payload, _id: record._id } as never);
      else await create.mutateAsync((relatedTo ? { ...payload, relatedTo: [relatedTo] } : payload) as never);
      notifySuccess(record ? 'Event saved; attendees are sent the update' : 'Event added; attendees are sent the invitation');
      onClose();
    } catch (error) {
      setFailure({ message: messageOf(error), errors: isApiError(error) ? error.errors : [] });
    }
  };

  const removeIt = async () => {
    if (!record) return;
    try {
      await remove.mutateAsync({ _id: record._id });
      notifySuccess('Event deleted; attendees are sent the cancellation');
      onClose();
    } catch (error) {
      setConfirming(false);
      setFailure({ message: messageOf(error), errors: [] });
    }
  };

  return (
    <Modal opened onClose={onClose} title={!record ? 'Add event' : mayWrite ? 'Edit event' : 'Event'} size="lg" fullScreen={phone} centered>
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure.message}
          </Alert>
        )}
        {/* Who may only read events sees one as it is: every field disabled, as the server would refuse a change. */}
        <Fieldset disabled={!mayWrite} variant="unstyled" p={0}>
          <Stack>
            <TextInput
              label="Title"
              required
              value={draft.title}
              onChange={(e) => set('title', e.currentTarget.value)}
              error={errorOf('title')}
            />
            <Group grow align="flex-start">
              <TextInput
                label="Starts"
                type="datetime-local"
                required
                value={draft.startTime}
                onChange={(e) => set('startTime', e.currentTarget.value)}
                error={errorOf('startTime')}
              />
              <TextInput
                label="Ends"
                type="datetime-local"
                required
                value={draft.endTime}
                onChange={(e) => set('endTime', e.currentTarget.value)}
                error={errorOf('endTime')}
              />
            </Group>
            <Textarea
              label="Description"
              autosize
              minRows={2}
              value={draft.description}
              onChange={(e) => set('description', e.currentTarget.value)}
            />
            <TextInput
              label="Type"
              placeholder="Interview, client meeting…"
              value={draft.type}
              onChange={(e) => set('type', e.currentTarget.value)}
            />
            <Group grow align="flex-start">
              <TextInput label="Street" value={draft.street} onChange={(e) => set('street', e.currentTarget.value)} />
              <TextInput label="City" value={draft.city} onChange={(e) => set('city', e.currentTarget.value)} />
            </Group>
            {attendeeKinds.map(({ field, expandAs, label, target }) =>
              can.do(target.resource, 'list') ? (
                <ReferencePicker
                  key={field}
                  target={target}
                  multiple
                  label={label}
                  value={draft[field]}
                  known={knownOf(record?.[expandAs])}
                  onChange={(value) => set(field, pickIds(value))}
                  error={errorOf(field)}
                />
              ) : (
                <Attending key={field} label={label} named={record?.[expandAs]} />
              ),
            )}
            <TagsInput
              label="Other attendees’ emails"
              description="Each is mailed the invitation; press Enter after each address."
              value={draft.attendeesMails}
              onChange={(value) => set('attendeesMails', value)}
              error={failure?.errors.find((error) => error.field.startsWith('attendeesMails'))?.message}
            />
            <Switch
              label="Video meeting"
              description={record?.meetingLink ? undefined : 'Adds a meeting link (Jitsi) to the invitation.'}
              checked={draft.scheduleGoogleMeetCall}
              onChange={(e) => set('scheduleGoogleMeetCall', e.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>
        {/* Outside the fieldset: whoever may only read the event still joins its meeting. */}
        {record?.meetingLink && (
          <Text size="sm">
            {'Meeting link: '}
            <Anchor href={record.meetingLink} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
              {record.meetingLink}
            </Anchor>
          </Text>
        )}
        {mayWrite && (
          <Text size="xs" c="dimmed">
            {`Times are in your time zone (${browserTimeZone()}); invitations state them in it.`}
          </Text>
        )}
        <Group justify="space-between">
          {record && can.do(event, 'remove') ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Delete event
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              {mayWrite ? 'Cancel' : 'Close'}
            </Button>
            {mayWrite && (
              <Button onClick={submit} loading={create.isPending || update.isPending}>
                {record ? 'Save changes' : 'Add event'}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="Delete this event?"
        message="Its attendees are mailed a cancellation."
        confirmLabel="Delete event"
        danger
        loading={remove.isPending}
        onConfirm={removeIt}
        onClose={() => setConfirming(false)}
      />
    </Modal>
  );
};
