import { crmRole } from '@app/contract/resources/crm-access';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ResourceScreen } from '../../kit/resource-screen';
import { screenTailoring } from '../../kit/screen-tailoring';
import { organisationOptions } from '../common/lookups';
import { isCustomRole, roleColumns } from '../common/role-columns';
import { useOrganisationNames } from '../common/use-names';
import { OrganisationName } from './organisation-name';

const RoleOrganisation = ({ id }: { id: string | null | undefined }) => {
  const names = useOrganisationNames();
  return <OrganisationName id={id} names={names} />;
};

export const adminRoleScreen = screenTailoring({
  resource: crmRole,
  filters: { add: [{ key: 'organisationId', label: 'Organisation', options: organisationOptions }] },
  columns: roleColumns({
    extra: [{ key: 'organisationId', header: 'Organisation', render: (row) => <RoleOrganisation id={row.organisationId} /> }],
  }),
});

/** /admin/roles: every organisation's roles, each summed up in a line and edited as the same grid staff use. */
export const AdminRolesPage = () => {
  return (
    <ResourceScreen
      {...adminRoleScreen}
      description="Roles of every organisation. Each organisation has a built-in Organisation admin role."
      searchPlaceholder="Title or code"
      readOnly
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
