import { callLog } from '@app/contract/resources/crm/call-log';
import { contact } from '@app/contract/resources/crm/contact';
import type { ResourceListProps } from '../../kit/resource-list';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { formatDateTime } from '../../kit/words';

const fields = {
  pick: ['title', 'direction', 'contactIds', 'contactNumbers', 'comments'],
  change: {
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

type CallLogRow = { createdAt?: string; contacts?: { _id: string; label: string | null }[] };

const columns = {
  pick: ['title', 'direction', 'contactIds', 'loggedAt'],
  change: { contactIds: { header: 'Contacts' } },
  add: [{ key: 'loggedAt', header: 'Logged', render: (row: CallLogRow) => (row.createdAt ? formatDateTime(row.createdAt) : '') }],
};

export const callLogScreen = screenTailoring({
  resource: callLog,
  fields,
  columns: columns as never,
  filters: { pick: ['direction'] },
});

type CallLogsProps = Pick<ResourceListProps<typeof callLog>, 'fixedFilter' | 'headingOrder'> & {
  /** The record every call logged here is about (a client's page). */
  relatedTo?: { _id: string; entityType: string };
};

/** Calls logged with contacts; on a record's page, those about it and a form that relates new ones to it. */
export const CallLogs = ({ relatedTo, ...list }: CallLogsProps) => (
  <ResourceScreen
    {...callLogScreen}
    title="Call logs"
    noun="call"
    description={relatedTo ? undefined : 'Phone calls with your contacts: who, which way and what was said.'}
    searchPlaceholder="Title, comments or CAL number"
    toPayload={(payload, mode) => (relatedTo && mode === 'create' ? { ...payload, relatedTo: [relatedTo] } : payload)}
    {...list}
  />
);

/** /crm/call-logs: every call logged, and "log a call" picking its contacts. */
export const CallLogsPage = () => <CallLogs />;
