import { entityLog } from '@app/contract/resources/entity-log';
import { Text } from '@mantine/core';
import { ResourceList } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import { formatDateTime, humanise } from '../../kit/words';

export const AuditLogPage = () => (
  <ResourceList
    resource={entityLog}
    title="Audit log"
    description="Every change made in your organisation: who did what, and when."
    noun="log entry"
    searchPlaceholder="Words in the description or the record type"
    rowLabel={(row) => row.description}
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
      { key: 'user', header: 'Who', render: (row) => row.user?.name ?? 'System' },
      { key: 'description', header: 'What', wrap: true },
      { key: 'entityType', header: 'Record', render: (row) => humanise(row.entityType) },
      { key: 'action', header: 'Action', render: (row) => <StatusBadge value={row.action} /> },
    ]}
  />
);
