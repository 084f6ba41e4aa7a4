import { contactQuery, replyToContact } from '@app/contract/resources/content/article';
import { Alert, Anchor, Divider, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useCan } from '../../kit/can';
import { DetailsGrid } from '../../kit/details-grid';
import type { FieldDescriptor } from '../../kit/field-descriptor';
import { FieldsForm } from '../../kit/fields-form';
import { StatusBadge } from '../../kit/status-badge';
import { type RecordOf, useCall } from '../../kit/use-resource';
import { formatDateTime } from '../../kit/words';

export type ContactQueryRecord = RecordOf<typeof contactQuery>;

const replyFields: FieldDescriptor[] = [
  { name: 'subject', label: 'Subject', kind: 'text', required: true },
  { name: 'message', label: 'Reply', kind: 'textarea', required: true, description: 'Their message is quoted below your reply.' },
];

export const senderOf = (query: ContactQueryRecord) => query.contactName || query.email;

/** One contact query read in full, and the reply to it: mailed to the address it came from, after which it counts as replied. */
export const ContactQueryDialog = ({ query, onClose }: { query: ContactQueryRecord | null; onClose: () => void }) => {
  const phone = useMediaQuery('(max-width: 40em)');
  const can = useCan();
  const reply = useCall(replyToContact, { invalidates: [contactQuery] });
  return (
    <Modal
      opened={query !== null}
      onClose={onClose}
      title={query ? `Message from ${senderOf(query)}` : 'Message'}
      size="lg"
      fullScreen={phone}
      centered
    >
      {query && (
        <Stack gap="md">
          <DetailsGrid
            items={[
              { label: 'From', value: query.contactName },
              { label: 'Email', value: <Anchor href={`mailto:${query.email}`}>{query.email}</Anchor> },
              { label: 'Phone', value: <Anchor href={`tel:${query.phone.replace(/\s+/g, '')}`}>{query.phone}</Anchor> },
              { label: 'Received', value: formatDateTime(query.createdAt) },
              { label: 'Status', value: <StatusBadge value={query.status} /> },
            ]}
          />
          <Paper withBorder p="md" bg="gray.0">
            {/* Shown as text: whatever a visitor typed is never read as markup. */}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {query.content}
            </Text>
          </Paper>
          {query.isReplied && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />}>
              Replied{query.updatedAt ? ` on ${formatDateTime(query.updatedAt)}` : ''}. You can write again; the new reply is sent the same
              way.
            </Alert>
          )}
          {can.call(replyToContact) && (
            <>
              <Divider />
              <Title order={3} fz="md">
                Reply by email
              </Title>
              <FieldsForm
                key={query._id}
                fields={replyFields}
                initial={{ subject: 'Re: your message to us' }}
                emptyStrings="keep"
                submitLabel="Send reply"
                successMessage={`Reply sent to ${query.email}`}
                onSubmit={(payload) => reply.mutateAsync({ _id: query._id, ...(payload as { subject: string; message: string }) })}
                onSuccess={onClose}
                onCancel={onClose}
              />
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
};
