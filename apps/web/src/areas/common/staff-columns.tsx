import type { organisationStaff } from '@app/contract/resources/organisation-staff';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { Column } from '../../kit/resource-list';
import { StatusBadge } from '../../kit/status-badge';
import type { RecordOf } from '../../kit/use-resource';

type Staff = RecordOf<typeof organisationStaff>;

export const staffLabel = (row: Staff) => row.name?.fullName || row.email;

export const staffColumns = (roleNames: Map<string, string>): Column<Staff>[] => [
  {
    key: 'name',
    header: 'Name',
    render: (row) => (
      <Stack gap={0}>
        <Text fw={500} size="sm">
          {staffLabel(row)}
        </Text>
        <Text size="xs" c="dimmed">
          {[row.itemId?.combined, row.designation].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    ),
  },
  { key: 'email', header: 'Email' },
  { key: 'phone', header: 'Phone' },
  {
    key: 'roleIds',
    header: 'Roles',
    render: (row) => {
      const ids = row.roleIds ?? [];
      // Without access to roles there are no names to show, only how many.
      if (ids.some((id) => !roleNames.has(id))) return ids.length === 1 ? '1 role' : `${ids.length} roles`;
      return (
        <Group gap={4} wrap="nowrap">
          {ids.map((id) => (
            <Badge key={id} variant="outline" radius="sm" color="gray" tt="none" fw={500}>
              {roleNames.get(id)}
            </Badge>
          ))}
        </Group>
      );
    },
  },
  { key: 'status', header: 'Status', render: (row) => <StatusBadge value={row.status} /> },
];
