import { adminNote } from '@app/contract/resources/content/article';
import { Paper, Text } from '@mantine/core';
import type { FormMode } from '../../kit/field-descriptor';
import { ResourceList } from '../../kit/resource-list';
import { formatDateTime } from '../../kit/words';

const fields = [{ name: 'note', label: 'Note', kind: 'textarea' as const, required: true }];

type NoteRow = { note: string; createdAt?: string; updatedAt?: string; createdBy?: { name?: string } | null };

const excerpt = (note: string) => (note.length > 40 ? `${note.slice(0, 40)}…` : note);

/**
 * The platform admins' own notes on one user account (a job seeker's or a company's): only admins
 * see them. Notes are kept per user id, as the spec's admin note has it.
 */
export const AdminNotesSection = ({ userId }: { userId: string }) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
    <ResourceList
      resource={adminNote}
      headingOrder={2}
      title="Admin notes"
      description="Only platform admins see these."
      noun="note"
      fixedFilter={{ userId }}
      rowLabel={(row) => `note “${excerpt(row.note)}”`}
      searchPlaceholder="Words in the notes"
      emptyMessage="Add a note to remember a call, a concern or a promise."
      form={{
        fields,
        toPayload: (payload: Record<string, unknown>, mode: FormMode) => (mode === 'create' ? { ...payload, userId } : payload),
      }}
      columns={[
        {
          key: 'note',
          header: 'Note',
          wrap: true,
          render: (row) => (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {row.note}
            </Text>
          ),
        },
        {
          key: 'createdAt',
          header: 'Written',
          render: (row) => {
            const { createdBy, createdAt } = row as NoteRow;
            return (
              <Text size="sm">
                {formatDateTime(createdAt)}
                {createdBy?.name && (
                  <Text span size="xs" c="dimmed" display="block">
                    by {createdBy.name}
                  </Text>
                )}
              </Text>
            );
          },
        },
      ]}
    />
  </Paper>
);
