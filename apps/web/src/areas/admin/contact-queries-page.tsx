import { contactQuery } from '@app/contract/resources/content/article';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import type { FilterControl } from '../../kit/list-filters';
import { ResourceList } from '../../kit/resource-list';
import { RowButton } from '../../kit/row-actions';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime } from '../../kit/words';
import { ContactQueryDialog, type ContactQueryRecord, senderOf } from './contact-query-dialog';

/** New and replied are the two states a query has; the list filters on whether it was replied to. */
const filters: FilterControl[] = [
  {
    key: 'isReplied',
    label: 'Status',
    options: [
      { value: 'false', label: 'New' },
      { value: 'true', label: 'Replied' },
    ],
    toFilter: (value) => value === 'true',
  },
];

const excerpt = (text: string) => (text.length > 120 ? `${text.slice(0, 120)}…` : text);

/** /admin/contact-queries: the contact form's inbox; open a message to read it in full and reply by email. */
export const ContactQueriesPage = () => {
  const [open, setOpen] = useState<ContactQueryRecord | null>(null);
  return (
    <>
      <ResourceList
        resource={contactQuery}
        title="Contact queries"
        description="Messages sent through the contact form, newest first."
        noun="contact query"
        searchPlaceholder="Name, email, phone or words in the message"
        filters={filters}
        rowLabel={(row) => `message from ${senderOf(row)}`}
        emptyMessage="Messages sent from the contact page arrive here."
        rowExtra={(row) => (
          <RowButton name={`Read the message from ${senderOf(row)}`} onClick={() => setOpen(row)}>
            <IconMailOpened size={18} aria-hidden />
          </RowButton>
        )}
        columns={[
          {
            key: 'contactName',
            header: 'From',
            render: (row) => (
              <Stack gap={0}>
                <Anchor component="button" type="button" fw={row.isReplied ? 400 : 700} size="sm" ta="left" onClick={() => setOpen(row)}>
                  {senderOf(row)}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.contactName ? row.email : row.phone}
                </Text>
              </Stack>
            ),
          },
          { key: 'content', header: 'Message', wrap: true, render: (row) => excerpt(row.content) },
          { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status ?? (row.isReplied ? 'REPLIED' : 'NEW')} /> },
          { key: 'createdAt', header: 'Received', render: (row) => formatDateTime(row.createdAt) },
        ]}
      />
      <ContactQueryDialog query={open} onClose={() => setOpen(null)} />
    </>
  );
};
