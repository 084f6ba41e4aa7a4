import { crmRole } from '@app/contract/resources/crm-access';
import { useMemo } from 'react';
import { ResourceScreen } from '../../kit/resource-screen';
import { organisationOptions } from '../common/lookups';
import { isCustomRole, roleColumns } from '../common/role-columns';
import { roleFields } from '../common/role-fields';
import { useOrganisationNames } from '../common/use-names';
import { OrganisationName } from './organisation-name';

const fields = roleFields('chosen');
const filters = { add: [{ key: 'organisationId', label: 'Organisation', options: organisationOptions }] };

export const AdminRolesPage = () => {
  const organisationNames = useOrganisationNames();
  const columns = useMemo(
    () =>
      roleColumns({
        extra: [
          {
            key: 'organisationId',
            header: 'Organisation',
            render: (row) => <OrganisationName id={row.organisationId} names={organisationNames} />,
          },
        ],
      }),
    [organisationNames],
  );
  return (
    <ResourceScreen
      resource={crmRole}
      description="Roles of every organisation. Each organisation has a built-in Organisation admin role."
      searchPlaceholder="Title or code"
      fields={fields}
      filters={filters}
      columns={columns}
      canEdit={isCustomRole}
      canRemove={isCustomRole}
    />
  );
};
