import { sentMail } from '@app/contract/resources/crm/sent-mail';
import { Badge, Text } from '@mantine/core';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import type { RecordOf } from '../../kit/use-resource';
import { formatDateTime, humanise } from '../../kit/words';

type Row = RecordOf<typeof sentMail>;

/** The record a mail is about, by its number (EVE-12) where it has one. */
const aboutOf = (row: Row) => {
  const about = row.relatedTo?.[0];
  if (!about) return '—';
  return about.itemId?.combined ?? humanise(about.entityType);
};

/**
 * What the organisation's work mailed (invitations, reminders, notes): to whom, what, when, by whom
 * and about which record. The admin's view of the outbox; bodies are never shown or sent here.
 */
export const SentMailPage = () => (
  <ResourceList
    resource={sentMail}
    title="Sent mail"
    description="The mail your organisation's work sent: invitations, reminders and notes, with who sent them and what they were about. Addresses from outside the organisation are marked."
    noun="mail"
    searchPlaceholder="An address or words in the subject"
    rowLabel={(row) => `${row.subject} to ${row.to}`}
    columns={[
      {
        key: 'createdAt',
        header: 'When',
        render: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(row.createdAt)}
          </Text>
        ),
      },
      {
        key: 'to',
        header: 'To',
        wrap: true,
        render: (row) => (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {row.to}{' '}
            {row.outside && (
              <Badge size="xs" variant="light" color="orange" radius="sm">
                Outside
              </Badge>
            )}
          </Text>
        ),
      },
      { key: 'subject', header: 'Subject', wrap: true },
      { key: 'kind', header: 'Kind', render: (row) => (row.kind ? humanise(row.kind) : '—') },
      { key: 'createdBy', header: 'Sent by', render: (row) => row.createdBy?.name ?? 'The system' },
      { key: 'relatedTo', header: 'About', render: aboutOf },
      { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
    ]}
  />
);
