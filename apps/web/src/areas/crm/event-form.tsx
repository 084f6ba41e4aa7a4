import type { FieldError } from '@app/contract/conventions/envelope';
import { event } from '@app/contract/resources/crm/event';
import { organisationStaff } from '@app/contract/resources/organisation-staff';
import { Alert, Button, Fieldset, Group, Modal, Stack, Switch, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { isApiError } from '../../kit/api';
import { useCan } from '../../kit/can';
import { ConfirmModal } from '../../kit/confirm-modal';
import { messageOf, notifySuccess } from '../../kit/notify';
import { ReferencePicker } from '../../kit/reference-picker';
import { type RecordOf, useCreate, useRemove, useUpdate } from '../../kit/use-resource';
import { fromLocalInput, toLocalInput } from './local-time';

export type EventRecord = RecordOf<typeof event> & { users?: { _id: string; label: string }[] | null };

const staffTarget = { resource: organisationStaff, labelField: 'name.fullName' };

type Draft = {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  type: string;
  street: string;
  city: string;
  userIds: string[];
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
    attendeesMails: draft.attendeesMails,
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
            <ReferencePicker
              target={staffTarget}
              multiple
              label="Staff attending"
              value={draft.userIds}
              known={(record?.users ?? []).map((user) => ({ value: user._id, label: user.label }))}
              onChange={(value) => set('userIds', Array.isArray(value) ? value : [value])}
              error={errorOf('userIds')}
            />
            <TagsInput
              label="Other attendees’ emails"
              description="Each is mailed the invitation; press Enter after each address."
              value={draft.attendeesMails}
              onChange={(value) => set('attendeesMails', value)}
              error={failure?.errors.find((error) => error.field.startsWith('attendeesMails'))?.message}
            />
            <Switch
              label="Video meeting"
              description={record?.meetingLink ? `Link: ${record.meetingLink}` : 'Adds a meeting link (Jitsi) to the invitation.'}
              checked={draft.scheduleGoogleMeetCall}
              onChange={(e) => set('scheduleGoogleMeetCall', e.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>
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
