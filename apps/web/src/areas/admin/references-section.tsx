import { referenceStatus } from '@app/contract/resources/content/admin-board';
import { Paper, Stack, Text } from '@mantine/core';
import { enumOptions } from '../../kit/enum-options';
import type { FieldDescriptor, FormMode } from '../../kit/field-descriptor';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime } from '../../kit/words';
import { seekerReferences } from './admin-resources';

/** A new reference starts PENDING (the server sets it); checking it moves it to verified or declined. */
const fields: FieldDescriptor[] = [
  { name: 'companyName', label: 'Company name', kind: 'text', required: true },
  { name: 'status', label: 'Status', kind: 'select', options: enumOptions(referenceStatus), modes: ['edit'], required: true },
  { name: 'refereeName', label: 'Referee', kind: 'text', half: true },
  { name: 'designation', label: 'Referee’s role', kind: 'text', half: true },
  { name: 'email', label: 'Referee’s email', kind: 'email', half: true, nullable: true },
  { name: 'phone', label: 'Referee’s phone', kind: 'text', half: true },
];

/** A job seeker's references: added by admins, then checked and marked verified or declined. */
export const ReferencesSection = ({ jobSeekerId }: { jobSeekerId: string }) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
    <ResourceList
      resource={seekerReferences}
      headingOrder={2}
      title="References"
      description="New references are pending until someone checks them; edit one to mark it verified or declined."
      noun="reference"
      fixedFilter={{ jobSeekerId }}
      searchPlaceholder="Company, referee or email"
      rowLabel={(row) => `reference from ${row.companyName}`}
      form={{
        fields,
        toPayload: (payload: Record<string, unknown>, mode: FormMode) => (mode === 'create' ? { ...payload, jobSeekerId } : payload),
      }}
      columns={[
        { key: 'companyName', header: 'Company' },
        {
          key: 'refereeName',
          header: 'Referee',
          render: (row) => (
            <Stack gap={0}>
              <Text size="sm">{[row.refereeName, row.designation].filter(Boolean).join(', ')}</Text>
              <Text size="xs" c="dimmed">
                {[row.email, row.phone].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
          ),
        },
        { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
        { key: 'createdAt', header: 'Added', render: (row) => formatDateTime(row.createdAt) },
      ]}
    />
  </Paper>
);
