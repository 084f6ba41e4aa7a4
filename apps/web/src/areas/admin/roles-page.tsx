import { crmRole } from '@app/contract/resources/crm-access';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ResourceScreen } from '../../kit/resource-screen';
import { organisationOptions } from '../common/lookups';
import { isCustomRole, roleColumns } from '../common/role-columns';
import { roleSummary } from '../common/role-grid';
import { useCatalogue } from '../common/role-grid-input';
import { useOrganisationNames } from '../common/use-names';
import { OrganisationName } from './organisation-name';

const filters = { add: [{ key: 'organisationId', label: 'Organisation', options: organisationOptions }] };

/** /admin/roles: every organisation's roles, each summed up in a line and edited as the same grid staff use. */
export const AdminRolesPage = () => {
  const organisationNames = useOrganisationNames();
  const catalogue = useCatalogue();
  const columns = useMemo(
    () =>
      roleColumns({
        summary: (row) => (catalogue.data ? roleSummary(catalogue.data, row.permissions ?? [], row.isOrganisationAdmin) : ''),
        extra: [
          {
            key: 'organisationId',
            header: 'Organisation',
            render: (row) => <OrganisationName id={row.organisationId} names={organisationNames} />,
          },
        ],
      }),
    [organisationNames, catalogue.data],
  );
  return (
    <ResourceScreen
      resource={crmRole}
      description="Roles of every organisation. Each organisation has a built-in Organisation admin role."
      searchPlaceholder="Title or code"
      readOnly
      filters={filters}
      columns={columns}
      editTo={(row) => `/admin/roles/${row._id}`}
      action={
        <Button component={Link} to="/admin/roles/new" leftSection={<IconPlus size={18} aria-hidden />}>
          Add role
        </Button>
      }
      canEdit={isCustomRole}
      canRemove={isCustomRole}
    />
  );
};
