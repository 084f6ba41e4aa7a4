import { email, sendEmail } from '@app/contract/resources/crm/email';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconStar, IconStarFilled } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useCan } from '../../kit/can';
import { HtmlPreview } from '../../kit/html-preview';
import { notifyFailure } from '../../kit/notify';
import { ResourceList } from '../../kit/resource-list';
import { useDetails, useUpdate } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';
import { ComposeEmailModal } from './email-compose';
import { type ComposeStart, draftStart, type EmailRow, replyStart } from './email-words';

export type { EmailRow };

const addressesOf = (entries: EmailRow['toEmails']) => entries.map((entry) => entry.remarks || entry.email).join(', ');

/** Who an email is with, from where the reader stands: the recipients of a sent one, the sender of a received one. */
const counterpartOf = (row: EmailRow) =>
  row.direction === 'INBOUND' ? (row.fromEmail ?? '') : addressesOf(row.toEmails) || '(no one yet)';

const statusWords: Record<string, string> = { QUEUED: 'Queued', SENT: 'Sent', LOGGED: 'Kept (no mail server)', FAILED: 'Failed' };

/** Draft, Received, or what became of a sent email's delivery. */
export const EmailState = ({ row }: { row: EmailRow }) => {
  if (row.inDraft) return <Badge color="gray">Draft</Badge>;
  if (row.direction === 'INBOUND') return <Badge color="blue">Received</Badge>;
  const status = row.deliveryStatus ?? 'SENT';
  return <Badge color={status === 'FAILED' ? 'red' : status === 'QUEUED' ? 'yellow' : 'teal'}>{statusWords[status] ?? status}</Badge>;
};

const BookmarkButton = ({ row }: { row: EmailRow }) => {
  const can = useCan();
  const update = useUpdate(email);
  const marked = row.isBookMarked;
  const label = marked ? `Remove the bookmark of ${row.subject}` : `Bookmark ${row.subject}`;
  if (!can.do(email, 'update')) return marked ? <IconStarFilled size={16} aria-label="Bookmarked" /> : null;
  return (
    <Tooltip label={marked ? 'Bookmarked' : 'Bookmark'}>
      <ActionIcon
        variant="subtle"
        color="yellow"
        aria-label={label}
        aria-pressed={marked}
        loading={update.isPending}
        onClick={() => update.mutateAsync({ _id: row._id, isBookMarked: !marked }).catch(notifyFailure)}
      >
        {marked ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />}
      </ActionIcon>
    </Tooltip>
  );
};

/** One email read whole: who, when, its body as it was sent (in a frame that runs nothing), its files, and a reply. */
const EmailView = ({
  row: opened,
  onClose,
  onCompose,
}: {
  row: EmailRow;
  onClose: () => void;
  onCompose: (start: ComposeStart) => void;
}) => {
  const can = useCan();
  // Read again, so a bookmark set here shows at once.
  const row = useDetails(email, opened._id).data ?? opened;
  return (
    <Modal opened onClose={onClose} title={row.subject} size="xl">
      <Stack gap="sm">
        <Group gap="xs">
          <EmailState row={row} />
          <BookmarkButton row={row} />
          <Text size="sm" c="dimmed">
            {formatDateTime(row.date)}
          </Text>
        </Group>
        <Text size="sm">
          <strong>From:</strong> {row.fromEmail ?? '—'}
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <strong>To:</strong> {addressesOf(row.toEmails) || '—'}
        </Text>
        {row.ccEmails.length > 0 && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <strong>Cc:</strong> {addressesOf(row.ccEmails)}
          </Text>
        )}
        <HtmlPreview html={row.textHtml ?? ''} title={`The email ${row.subject}`} height={320} />
        {row.attachments.length > 0 && (
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Attachments:
            </Text>
            {row.attachments.map((file) => (
              <Anchor key={file._id} href={file.url} target="_blank" rel="noreferrer" size="sm">
                {file.originalName}
              </Anchor>
            ))}
          </Group>
        )}
        <Group justify="flex-end">
          {row.inDraft
            ? can.do(email, 'update') && (
                <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={() => onCompose(draftStart(row))}>
                  Edit draft
                </Button>
              )
            : can.call(sendEmail) && <Button onClick={() => onCompose(replyStart(row))}>Reply</Button>}
        </Group>
      </Stack>
    </Modal>
  );
};

type EmailListProps = {
  title?: string;
  description?: ReactNode;
  /** The emails shown: a record's (`relatedTo`, `contactIds`) or one view of an inbox. */
  fixedFilter?: Record<string, unknown>;
  /** Whom a new email from here is to, and what it concerns. */
  compose?: ComposeStart;
  headingOrder?: 1 | 2;
  emptyMessage?: ReactNode;
};

/**
 * Emails as a list: when, with whom, the subject and its first words, sent or received or a draft,
 * bookmarked; each opens to be read (or a draft to be finished), and a new one is written from here.
 */
export const EmailList = ({ title = 'Emails', description, fixedFilter, compose, headingOrder, emptyMessage }: EmailListProps) => {
  const can = useCan();
  const [reading, setReading] = useState<EmailRow | null>(null);
  const [composing, setComposing] = useState<ComposeStart | null>(null);
  const open = (row: EmailRow) => (row.inDraft ? setComposing(draftStart(row)) : setReading(row));
  return (
    <>
      <ResourceList
        resource={email}
        title={title}
        description={description}
        noun="email"
        headingOrder={headingOrder}
        fixedFilter={fixedFilter}
        searchPlaceholder="Subject, words or an address"
        emptyMessage={emptyMessage}
        rowLabel={(row) => row.subject}
        filters={[
          {
            key: 'direction',
            label: 'Sent or received',
            options: [
              { value: 'OUTBOUND', label: 'Sent' },
              { value: 'INBOUND', label: 'Received' },
            ],
          },
          {
            key: 'isBookMarked',
            label: 'Bookmarked',
            options: [
              { value: 'true', label: 'Bookmarked' },
              { value: 'false', label: 'Not bookmarked' },
            ],
            toFilter: (value) => value === 'true',
          },
        ]}
        action={
          can.call(sendEmail) ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setComposing(compose ?? {})}>
              New email
            </Button>
          ) : undefined
        }
        columns={[
          {
            key: 'subject',
            header: 'Subject',
            wrap: true,
            linksItself: true,
            render: (row) => (
              <Stack gap={0}>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  size="sm"
                  ta="left"
                  aria-label={`Open ${row.subject}`}
                  onClick={() => open(row)}
                >
                  {row.subject}
                </Anchor>
                {row.snippet && (
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {row.snippet}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'with',
            header: 'With',
            wrap: true,
            render: (row) => (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {counterpartOf(row)}
              </Text>
            ),
          },
          { key: 'date', header: 'When', render: (row) => formatDateTime(row.date) },
          { key: 'state', header: 'State', render: (row) => <EmailState row={row} /> },
          { key: 'isBookMarked', header: 'Bookmark', render: (row) => <BookmarkButton row={row} /> },
        ]}
      />
      {reading && (
        <EmailView
          row={reading}
          onClose={() => setReading(null)}
          onCompose={(start) => {
            setReading(null);
            setComposing(start);
          }}
        />
      )}
      <ComposeEmailModal start={composing} onClose={() => setComposing(null)} />
    </>
  );
};
