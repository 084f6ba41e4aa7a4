import type { crmRole } from '@app/contract/resources/crm-access';
import { Badge, Text } from '@mantine/core';
import type { Column } from '../../kit/resource-list';
import type { Tailoring } from '../../kit/tailor';
import type { RecordOf } from '../../kit/use-resource';

type Role = RecordOf<typeof crmRole>;

/** How the roles table differs from the definition's: the title stands out, and a role says what kind it is and how much it allows. */
export const roleColumns = (
  options: { extra?: readonly Column<Role>[]; summary?: (row: Role) => string } = {},
): Tailoring<Column<Role>> => ({
  pick: ['title', ...(options.extra ?? []).map((column) => column.key), 'value', 'permissions', 'isOrganisationAdmin'],
  add: [
    ...(options.extra ?? []),
    // In words when the catalogue is at hand ("Views everything; edits clients"), else how many.
    options.summary
      ? { key: 'permissions', header: 'What it allows', wrap: true, render: options.summary }
      : {
          key: 'permissions',
          header: 'Permissions',
          render: (row) => (row.isOrganisationAdmin ? 'Everything' : String(row.permissions?.length ?? 0)),
        },
  ],
  change: {
    title: {
      render: (row) => (
        <Text fw={500} size="sm">
          {row.title}
        </Text>
      ),
    },
    value: { header: 'Code' },
    isOrganisationAdmin: {
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
  },
});

/** The built-in Organisation admin role cannot be changed or deleted. */
export const isCustomRole = (row: Role) => !row.isOrganisationAdmin;
