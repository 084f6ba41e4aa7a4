import type { crmRole } from '@app/contract/resources/crm-access';
import { Badge, Text } from '@mantine/core';
import type { Column } from '../../kit/resource-list';
import type { RecordOf } from '../../kit/use-resource';

type Role = RecordOf<typeof crmRole>;

export const roleColumns: Column<Role>[] = [
  {
    key: 'title',
    header: 'Title',
    render: (row) => (
      <Text fw={500} size="sm">
        {row.title}
      </Text>
    ),
  },
  { key: 'value', header: 'Code' },
  {
    key: 'permissions',
    header: 'Permissions',
    render: (row) => (row.isOrganisationAdmin ? 'Everything' : String(row.permissions?.length ?? 0)),
  },
  {
    key: 'isOrganisationAdmin',
    header: 'Kind',
    render: (row) =>
      row.isOrganisationAdmin ? (
        <Badge variant="light" radius="sm">
          Built-in
        </Badge>
      ) : (
        <Badge variant="light" radius="sm" color="gray">
          Custom
        </Badge>
      ),
  },
];

/** The built-in Organisation admin role cannot be changed or deleted. */
export const isCustomRole = (row: Role) => !row.isOrganisationAdmin;
