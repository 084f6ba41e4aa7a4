import { callLog } from '@app/contract/resources/crm/call-log';
import { contact } from '@app/contract/resources/crm/contact';
import { useMemo } from 'react';
import type { ResourceListProps } from '../../kit/resource-list';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { formatDateTime } from '../../kit/words';

const fields = {
  // A timestamp has no derived input: when the call was is picked to the minute, in the person's own time.
  add: [{ name: 'calledAt', label: 'When', kind: 'dateTime' as const, required: true, half: true }],
  pick: ['title', 'calledAt', 'direction', 'outcome', 'durationMinutes', 'contactIds', 'contactNumbers', 'comments'],
  change: {
    direction: { half: true },
    outcome: { half: true },
    durationMinutes: { label: 'Duration (minutes)', half: true },
    contactIds: {
      label: 'Contacts',
      required: true,
      description: 'Who was on the call (at least one)',
      reference: { resource: contact, labelField: 'profile.name.fullName', expandAs: 'contacts' },
    },
    contactNumbers: { label: 'Numbers dialled' },
    comments: { kind: 'textarea' as const },
  },
};

type CallLogRow = { calledAt?: string; durationMinutes?: number | null };

const columns = {
  pick: ['title', 'calledAt', 'direction', 'outcome', 'duration', 'contactIds'],
  change: { contactIds: { header: 'Contacts' } },
  add: [
    { key: 'calledAt', header: 'When', render: (row: CallLogRow) => (row.calledAt ? formatDateTime(row.calledAt) : '') },
    {
      key: 'duration',
      header: 'Duration',
      render: (row: CallLogRow) => (typeof row.durationMinutes === 'number' ? `${row.durationMinutes} min` : ''),
    },
  ],
};

export const callLogScreen = screenTailoring({
  resource: callLog,
  fields,
  columns: columns as never,
  filters: { pick: ['direction', 'outcome'] },
});

type CallLogsProps = Pick<ResourceListProps<typeof callLog>, 'fixedFilter' | 'headingOrder'> & {
  /** The record every call logged here is about (a client's page). */
  relatedTo?: { _id: string; entityType: string };
};

/** On a client's page the contact picker offers that client's contacts: the same keys, the choices narrowed. */
const screenFor = (clientId: string | undefined) =>
  clientId
    ? {
        ...callLogScreen,
        fields: {
          ...fields,
          change: {
            ...fields.change,
            contactIds: {
              ...fields.change.contactIds,
              description: 'Who was on the call: this client’s contacts (at least one)',
              reference: { ...fields.change.contactIds.reference, filter: { clientId } },
            },
          },
        },
      }
    : callLogScreen;

/** Calls logged with contacts; on a record's page, those about it and a form that relates new ones to it. */
export const CallLogs = ({ relatedTo, ...list }: CallLogsProps) => {
  const clientId = relatedTo?.entityType === 'Client' ? relatedTo._id : undefined;
  const screen = useMemo(() => screenFor(clientId), [clientId]);
  return (
    <ResourceScreen
      {...screen}
      title="Call logs"
      noun="call"
      description={relatedTo ? undefined : 'Phone calls with your contacts: who, which way and what was said.'}
      searchPlaceholder="Title, comments or CAL number"
      toPayload={(payload, mode) => (relatedTo && mode === 'create' ? { ...payload, relatedTo: [relatedTo] } : payload)}
      {...list}
    />
  );
};

/** /crm/call-logs: every call logged, and "log a call" picking its contacts. */
export const CallLogsPage = () => <CallLogs />;
