import type { crmRole } from '@app/contract/resources/crm-access';
import { Badge, Text } from '@mantine/core';
import type { Column } from '../../kit/resource-list';
import type { Tailoring } from '../../kit/tailor';
import type { RecordOf } from '../../kit/use-resource';
import { roleSummary } from './role-grid';
import { useCatalogue } from './role-grid-input';

type Role = RecordOf<typeof crmRole>;

/** What a role allows in words ("Views everything; edits clients"), once the catalogue is at hand. */
const RoleSummary = ({ role }: { role: Role }) => {
  const catalogue = useCatalogue();
  return <>{catalogue.data ? roleSummary(catalogue.data, role.permissions ?? [], role.isOrganisationAdmin) : ''}</>;
};

/** How the roles table differs from the definition's: the title stands out, and a role says what kind it is and what it allows. */
export const roleColumns = (options: { extra?: readonly Column<Role>[] } = {}): Tailoring<Column<Role>> => ({
  pick: ['title', ...(options.extra ?? []).map((column) => column.key), 'value', 'permissions', 'isOrganisationAdmin'],
  add: [
    ...(options.extra ?? []),
    { key: 'permissions', header: 'What it allows', wrap: true, render: (row) => <RoleSummary role={row} /> },
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
